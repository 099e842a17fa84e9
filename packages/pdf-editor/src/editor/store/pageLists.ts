// Each page's annotations, kept from one state to the next through the history's diffs: an edit
// gives new lists only to the pages it touched (one pass over the annotations picks theirs, no
// copy or check of the others), and every other page keeps its very array, so a page view that
// selects its list renders again only for an edit of its own page.
import type { AnnotationDiff } from '../../core/history/diff';
import type { Annotation } from '../../core/model/types';

/** Annotations by page (1-based), each list in drawing order; pages without any are absent. */
export type PageLists = ReadonlyMap<number, readonly Annotation[]>;

/** Groups `annotations` by page, keeping their order; only `pages` when given. */
export function groupByPage(annotations: readonly Annotation[], pages?: ReadonlySet<number>): Map<number, Annotation[]> {
  const lists = new Map<number, Annotation[]>();
  for (const annotation of annotations) {
    if (pages && !pages.has(annotation.page)) continue;
    const list = lists.get(annotation.page);
    if (list) list.push(annotation);
    else lists.set(annotation.page, [annotation]);
  }
  return lists;
}

/** The lists of `after` (the annotations `diff` led to) from the lists before it. */
export function updatePageLists(lists: PageLists, after: readonly Annotation[], diff: AnnotationDiff): PageLists {
  const touched = new Set<number>();
  for (const annotation of [...diff.added, ...diff.removed]) touched.add(annotation.page);
  for (const [before, annotation] of diff.updated) touched.add(before.page).add(annotation.page);
  if (touched.size === 0) return lists;
  const next = new Map(lists);
  const regrouped = groupByPage(after, touched);
  for (const page of touched) {
    const list = regrouped.get(page);
    if (list) next.set(page, list);
    else next.delete(page);
  }
  return next;
}
