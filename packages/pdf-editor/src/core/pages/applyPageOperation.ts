// Runs a page operation given as data on PDF bytes; the same value then goes to remapAnnotations.
import { checkBytes } from '../input';
import type { PdfSource } from '../pdf/source';
import { checkOperation, checkPageOptions } from './input';
import {
  deletePages,
  extractPages,
  insertPages,
  mergePdfs,
  reorderPages,
  rotatePages,
  splitPdf,
  type PageOperationOptions,
} from './pageOperations';
import type { PageOperation, PageOperationOf } from './types';

/**
 * New PDF bytes after `operation`; a split gives one PDF per range. `options.password` opens a
 * source that needs one. Throws InvalidInputError naming the field of a malformed operation
 * (`operation.pages[1]`, `operation.degrees`) and PageRangeError for pages the document lacks.
 */
export function applyPageOperation(
  source: PdfSource,
  operation: PageOperationOf<'split'>,
  options?: PageOperationOptions,
): Promise<Uint8Array[]>;
export function applyPageOperation(
  source: PdfSource,
  operation: Exclude<PageOperation, { type: 'split' }>,
  options?: PageOperationOptions,
): Promise<Uint8Array>;
export function applyPageOperation(
  source: PdfSource,
  operation: PageOperation,
  options?: PageOperationOptions,
): Promise<Uint8Array | Uint8Array[]>;
export function applyPageOperation(
  source: PdfSource,
  operation: PageOperation,
  options: PageOperationOptions = {},
): Promise<Uint8Array | Uint8Array[]> {
  checkBytes(source, 'source');
  checkOperation(operation, 'operation');
  checkPageOptions(options);
  switch (operation.type) {
    case 'merge':
      return mergePdfs([source, ...operation.documents], options);
    case 'split':
      return splitPdf(source, operation.ranges, options);
    case 'extract':
      return extractPages(source, operation.range, options);
    case 'rotate':
      return rotatePages(source, operation.pages, operation.degrees, options);
    case 'delete':
      return deletePages(source, operation.pages, options);
    case 'reorder':
      return reorderPages(source, operation.order, options);
    case 'insert':
      return insertPages(source, operation.at, operation.count, {
        ...options,
        document: operation.document,
        size: operation.size,
      });
  }
}
