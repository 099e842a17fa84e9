// Each page's annotations, kept from one state to the next through the history's diffs: an edit
// gives new lists only to the pages it touched, edited at the cost of those pages, and every other
// page keeps its very array, so a page view that selects its list renders again only for an edit
// of its own page.
import type { Annotation, AnnotationDiff } from '../../core/index';

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

/**
 * The lists of `after` (the annotations `diff` led to) from the lists before it. Without a reorder,
 * the new list is the old one less the removed annotations, the updated ones in place, then the
 * added ones, and so is each page's: a touched page's list is edited so, at the cost of that page.
 * A reorder, or an annotation moved to another page, regroups the pages concerned from `after`.
 */
export function updatePageLists(lists: PageLists, after: readonly Annotation[], diff: AnnotationDiff): PageLists {
  const touched = new Set<number>();
  const regroup = new Set<number>();
  const changed = new Map<string, Annotation | null>();
  for (const annotation of diff.removed) {
    touched.add(annotation.page);
    changed.set(annotation.id, null);
  }
  for (const [before, annotation] of diff.updated) {
    touched.add(before.page).add(annotation.page);
    if (before.page !== annotation.page || diff.reordered) regroup.add(before.page).add(annotation.page);
    changed.set(annotation.id, annotation);
  }
  for (const annotation of diff.added) {
    touched.add(annotation.page);
    if (diff.reordered) regroup.add(annotation.page);
  }
  if (touched.size === 0) return lists;
  const next = new Map(lists);
  const regrouped = groupByPage(after, regroup);
  for (const page of touched) {
    const list = regroup.has(page)
      ? (regrouped.get(page) ?? [])
      : [
          ...(lists.get(page) ?? []).flatMap((annotation) => changed.get(annotation.id) ?? (changed.has(annotation.id) ? [] : annotation)),
          ...diff.added.filter((annotation) => annotation.page === page),
        ];
    if (list.length > 0) next.set(page, list);
    else next.delete(page);
  }
  return next;
}
