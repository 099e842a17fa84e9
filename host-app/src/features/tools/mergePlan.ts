// The order the user arranged for Merge — documents in order, each with the pages it keeps in its
// order — turned into the SDK core's page operations: merge the documents, delete the removed pages,
// then reorder what is left. Pages are 1-based.

/** A document as Merge arranges it: `pages` lists the pages kept, in the chosen order. */
export interface ArrangedDocument {
  pageCount: number;
  pages: readonly number[];
}

/** What to run on the merged document: pages to delete, then the new order (null: already in order). */
export interface MergeSteps {
  /** Indices (into the arranged list) of the documents to merge: those keeping at least one page. */
  sources: number[];
  /** Page numbers of the merged document to delete. */
  deleted: number[];
  /** For reorderPages after the deletion; null when the kept pages are already in order. */
  order: number[] | null;
}

export function mergeSteps(documents: readonly ArrangedDocument[]): MergeSteps {
  const sources = documents.flatMap((document, index) => (document.pages.length > 0 ? [index] : []));
  const deleted: number[] = [];
  const wanted: number[] = [];
  let offset = 0;
  for (const index of sources) {
    const { pageCount, pages } = documents[index]!;
    const kept = new Set(pages);
    for (let page = 1; page <= pageCount; page++) if (!kept.has(page)) deleted.push(offset + page);
    wanted.push(...pages.map((page) => offset + page));
    offset += pageCount;
  }
  // After the deletion the kept pages are numbered by their place among the kept ones.
  const afterDeletion = new Map([...wanted].sort((a, b) => a - b).map((page, index) => [page, index + 1]));
  const order = wanted.map((page) => afterDeletion.get(page)!);
  return { sources, deleted, order: order.every((page, index) => page === index + 1) ? null : order };
}

/** `list` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.min(Math.max(to, 0), next.length), 0, item!);
  return next;
}

/** The page count of the merged result. */
export function mergedPageCount(documents: readonly ArrangedDocument[]): number {
  return documents.reduce((sum, document) => sum + document.pages.length, 0);
}
