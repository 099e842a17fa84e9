// Runs a page operation given as data on PDF bytes; the same value then goes to remapAnnotations.
import type { PdfSource } from '../pdf/loadPdf';
import {
  deletePages,
  extractPages,
  insertPages,
  mergePdfs,
  reorderPages,
  rotatePages,
  splitPdf,
} from './pageOperations';
import type { PageOperation, PageOperationOf } from './types';

/** New PDF bytes after `operation`; a split gives one PDF per range. */
export function applyPageOperation(
  source: PdfSource,
  operation: PageOperationOf<'split'>,
): Promise<Uint8Array[]>;
export function applyPageOperation(
  source: PdfSource,
  operation: Exclude<PageOperation, { type: 'split' }>,
): Promise<Uint8Array>;
export function applyPageOperation(
  source: PdfSource,
  operation: PageOperation,
): Promise<Uint8Array | Uint8Array[]>;
export function applyPageOperation(
  source: PdfSource,
  operation: PageOperation,
): Promise<Uint8Array | Uint8Array[]> {
  switch (operation.type) {
    case 'merge':
      return mergePdfs([source, ...operation.documents]);
    case 'split':
      return splitPdf(source, operation.ranges);
    case 'extract':
      return extractPages(source, operation.range);
    case 'rotate':
      return rotatePages(source, operation.pages, operation.degrees);
    case 'delete':
      return deletePages(source, operation.pages);
    case 'reorder':
      return reorderPages(source, operation.order);
    case 'insert':
      return insertPages(source, operation.at, operation.count, {
        document: operation.document,
        size: operation.size,
      });
  }
}
