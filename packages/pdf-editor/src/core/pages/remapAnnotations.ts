// Annotations follow their pages through page operations: renumbered when pages move, dropped
// with deleted pages, turned with rotated pages. Annotations that do not change are returned as
// the same objects, and a list nothing happened to is returned as is, so
// `history.apply((list) => remapAnnotations(list, op, sizes), 'Rotate page')` is one undo step
// (or none).
//
// `pageSizes` are the displayed sizes of the document's pages *before* the operation
// (`getPageSizes(pdf)`), indexed by page - 1. Rotation needs them; for every operation they also
// let page numbers be checked against the real page count.
import { PageRangeError } from '../errors';
import { checkArray, checkInteger } from '../input';
import { checkAnnotationList } from '../model/check';
import type { Annotation } from '../model/types';
import { checkOperation, checkPageSizes } from './input';
import { rotateAnnotation } from './rotateAnnotation';
import type { PageOperation, PageOperationOf, PageRange, PageSize } from './types';
import { checkDeletion, checkInsert, checkOrder, checkPages, checkRanges } from './validate';

type NonSplit = Exclude<PageOperation, { type: 'split' }>;

/**
 * Maps each annotation through `change` (undefined drops it). A changed annotation gets a new
 * updatedAt; when nothing changes, the input list itself is returned.
 */
function mapList(
  list: readonly Annotation[],
  change: (a: Annotation) => Annotation | undefined,
): Annotation[] {
  let changed = false;
  const now = new Date().toISOString();
  const next: Annotation[] = [];
  for (const annotation of list) {
    const result = change(annotation);
    if (result !== annotation) changed = true;
    if (result === undefined) continue;
    next.push(result === annotation ? annotation : { ...result, updatedAt: now });
  }
  return changed ? next : (list as Annotation[]);
}

const onPage = (a: Annotation, page: number): Annotation => (a.page === page ? a : { ...a, page });

function keepRange(list: readonly Annotation[], { from, to }: PageRange): Annotation[] {
  return mapList(list, (a) => (a.page >= from && a.page <= to ? onPage(a, a.page - from + 1) : undefined));
}

function rotate(
  list: readonly Annotation[],
  op: PageOperationOf<'rotate'>,
  sizes: readonly PageSize[] | undefined,
  pageCount: number,
) {
  const turned = checkPages(op.pages, pageCount, 'rotate');
  return mapList(list, (a) => {
    if (!turned.has(a.page)) return a;
    const size = sizes?.[a.page - 1];
    if (!size) {
      throw new TypeError(
        `remapAnnotations needs the displayed size of page ${a.page} to rotate its annotations: pass getPageSizes(pdf) taken before the rotation.`,
      );
    }
    return rotateAnnotation(a, size, op.degrees);
  });
}

function reorder(list: readonly Annotation[], order: readonly number[], pageCount: number): Annotation[] {
  checkOrder(order, Number.isFinite(pageCount) ? pageCount : order.length);
  const newNumber = new Map(order.map((oldPage, index) => [oldPage, index + 1]));
  return mapList(list, (a) => {
    const page = newNumber.get(a.page);
    if (page === undefined) {
      throw new PageRangeError(
        `Annotation ${a.id} is on page ${a.page}, which the new order (${order.length} pages) does not list.`,
      );
    }
    return onPage(a, page);
  });
}

function remapOne(
  list: readonly Annotation[],
  op: NonSplit,
  sizes: readonly PageSize[] | undefined,
  pageCount: number,
): Annotation[] {
  switch (op.type) {
    case 'merge':
      // This document's pages come first in the merged one; see mergeAnnotations for the others.
      return list as Annotation[];
    case 'extract':
      checkRanges([op.range], pageCount);
      return keepRange(list, op.range);
    case 'rotate':
      return rotate(list, op, sizes, pageCount);
    case 'delete': {
      const doomed = checkDeletion(op.pages, pageCount);
      const gone = [...doomed].sort((a, b) => a - b);
      return mapList(list, (a) => {
        if (doomed.has(a.page)) return undefined;
        const before = gone.filter((page) => page < a.page).length;
        return onPage(a, a.page - before);
      });
    }
    case 'reorder':
      return reorder(list, op.order, pageCount);
    case 'insert':
      checkInsert(op.at, pageCount);
      return mapList(list, (a) => (a.page >= op.at ? onPage(a, a.page + op.count) : a));
  }
}

/**
 * Annotations of a document after `operation`; a split gives one list per range. Throws
 * AnnotationValidationError for annotations that do not fit the model, InvalidInputError naming
 * the field of a malformed operation or page size (`operation.degrees`, `pageSizes[2].width`),
 * PageRangeError for pages the document lacks.
 */
export function remapAnnotations(
  annotations: readonly Annotation[],
  operation: PageOperationOf<'split'>,
  pageSizes?: readonly PageSize[],
): Annotation[][];
export function remapAnnotations(
  annotations: readonly Annotation[],
  operation: Exclude<PageOperation, { type: 'split' }>,
  pageSizes?: readonly PageSize[],
): Annotation[];
export function remapAnnotations(
  annotations: readonly Annotation[],
  operation: PageOperation,
  pageSizes?: readonly PageSize[],
): Annotation[] | Annotation[][];
export function remapAnnotations(
  annotations: readonly Annotation[],
  operation: PageOperation,
  pageSizes?: readonly PageSize[],
): Annotation[] | Annotation[][] {
  checkAnnotationList(annotations, 'annotations');
  checkOperation(operation, 'operation');
  checkPageSizes(pageSizes, 'pageSizes');
  // Without sizes the page count is unknown: only what the operation itself says can be checked.
  const pageCount = pageSizes?.length ?? Number.POSITIVE_INFINITY;
  if (operation.type === 'split') {
    checkRanges(operation.ranges, pageCount);
    return operation.ranges.map((range) => keepRange(annotations, range));
  }
  return remapOne(annotations, operation, pageSizes, pageCount);
}

/**
 * The annotations of documents merged with mergePdfs, in the same order: each list's pages are
 * shifted by the page counts of the documents before it.
 */
export function mergeAnnotations(
  lists: ReadonlyArray<readonly Annotation[]>,
  pageCounts: readonly number[],
): Annotation[] {
  checkArray(lists, 'lists', 'annotation lists').forEach((list, index) =>
    checkAnnotationList(list, `lists[${index}]`),
  );
  checkArray(pageCounts, 'pageCounts', 'page counts').forEach((count, index) =>
    checkInteger(count, `pageCounts[${index}]`, 0),
  );
  if (lists.length !== pageCounts.length) {
    throw new PageRangeError(
      `Give one page count per annotation list (${lists.length} lists, ${pageCounts.length} counts).`,
    );
  }
  let offset = 0;
  return lists.flatMap((list, i) => {
    const shifted = offset === 0 ? [...list] : mapList(list, (a) => onPage(a, a.page + offset));
    offset += pageCounts[i]!;
    return shifted;
  });
}
