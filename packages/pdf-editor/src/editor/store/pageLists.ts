// Each page's annotations, kept from one state to the next through the history's diffs: an edit
// rebuilds only the lists of the pages it touched, from their own entries, and every other page
// keeps its very array, so the cost of an edit follows what it changed, not the document's size.
import type { AnnotationDiff } from '../../core/history/diff';
import type { Annotation } from '../../core/model/types';

/** Annotations by page (1-based), each list in drawing order; pages without any are absent. */
export type PageLists = ReadonlyMap<number, readonly Annotation[]>;

/** Groups `annotations` by page, keeping their order. */
export function groupByPage(annotations: readonly Annotation[]): PageLists {
  const lists = new Map<number, Annotation[]>();
  for (const annotation of annotations) {
    const list = lists.get(annotation.page);
    if (list) list.push(annotation);
    else lists.set(annotation.page, [annotation]);
  }
  return lists;
}

interface PageEdit {
  removed: Set<string>;
  updated: Map<string, Annotation>;
  added: Annotation[];
}

/**
 * The lists of `after` (the annotations `diff` led to) from the lists before it. Without a
 * reorder, the new list is the old one less the removed annotations, the updated ones in place,
 * then the added ones: each touched page's list is edited so. An annotation moved to another page
 * lands by its place in `after`, so both its pages are filtered from `after`; a reorder regroups.
 */
export function updatePageLists(lists: PageLists, after: readonly Annotation[], diff: AnnotationDiff): PageLists {
  if (diff.reordered) return groupByPage(after);
  const edits = new Map<number, PageEdit>();
  const regroup = new Set<number>();
  const editOf = (page: number): PageEdit => {
    let edit = edits.get(page);
    if (!edit) edits.set(page, (edit = { removed: new Set(), updated: new Map(), added: [] }));
    return edit;
  };
  for (const annotation of diff.removed) editOf(annotation.page).removed.add(annotation.id);
  for (const [before, annotation] of diff.updated) {
    if (before.page === annotation.page) editOf(annotation.page).updated.set(annotation.id, annotation);
    else regroup.add(before.page).add(annotation.page);
  }
  for (const annotation of diff.added) editOf(annotation.page).added.push(annotation);
  if (edits.size === 0 && regroup.size === 0) return lists;

  const next = new Map(lists);
  const store = (page: number, list: readonly Annotation[]) => {
    if (list.length > 0) next.set(page, list);
    else next.delete(page);
  };
  for (const [page, { removed, updated, added }] of edits) {
    if (regroup.has(page)) continue;
    const kept = (lists.get(page) ?? []).filter((annotation) => !removed.has(annotation.id));
    store(page, [...kept.map((annotation) => updated.get(annotation.id) ?? annotation), ...added]);
  }
  for (const page of regroup) store(page, after.filter((annotation) => annotation.page === page));
  return next;
}
