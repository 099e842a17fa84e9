// What changed between two states, so a save or a sync layer can send only the change (as
// tldraw's RecordsDiff does). Annotations are immutable and updates keep every annotation they do
// not change as the same object, so a diff is reference checks by id, with no deep comparison:
// the same object is unchanged, another object with the same id is updated.
//
// A diff keeps whole annotations, not only ids: the added ones as they are now, the removed ones
// as they were, updates as [before, after]. That is what a consumer needs to apply it elsewhere,
// and what makes the diff of an undo the exact inverse of the step's.
import type { Annotation } from '../model/types';
import type { FormValues } from '../forms/types';
import type { PdfRevision } from '../pages/pdfRevision';

/** How one annotation list differs from another, by id. Ids are unique within a list. */
export interface AnnotationDiff {
  /** Annotations only the new list has, in its order. */
  added: Annotation[];
  /** Annotations whose object changed, as [before, after], in the new list's order. */
  updated: [before: Annotation, after: Annotation][];
  /** Annotations only the old list had, as they were, in its order. */
  removed: Annotation[];
  /**
   * True when the new list is not "the old one without the removed annotations, the updated ones
   * in place, then the added ones": an undone deletion puts an annotation back where it was. The
   * consumer must then take the order from the new list. A squashed diff may say true when the
   * order came back to where it was.
   */
  reordered: boolean;
}

/** A PDF and its annotations as one immutable state: what an editor's history records. */
export interface DocumentState {
  /**
   * The PDF as edited so far: the file as loaded, then one revision per page operation, so the
   * undo stack keeps about one copy of it (see `pdfRevision`). Null before a file is loaded.
   */
  pdf: PdfRevision | null;
  annotations: Annotation[];
  /**
   * The values the user gave the PDF's form fields, by full field name: only those changed from
   * the file's (absent or empty when none). A change makes a new object, so a reference check tells.
   */
  formValues?: FormValues;
}

/** How one document state differs from another. */
export interface DocumentDiff extends AnnotationDiff {
  /**
   * True when the PDF is another revision (a page operation, a new file): the pages must be
   * rendered again. A squashed diff may say true when the PDF came back to what it was.
   */
  documentChanged: boolean;
}

/**
 * How `after` differs from `before`, by id and by reference. The lists are walked from both ends,
 * so an edit in place or at the end builds no lookup table.
 */
export function diffAnnotations(before: readonly Annotation[], after: readonly Annotation[]): AnnotationDiff {
  const diff: AnnotationDiff = { added: [], updated: [], removed: [], reordered: false };
  if (before === after) return diff;
  const kept = (from: Annotation, to: Annotation) => {
    if (from !== to) diff.updated.push([from, to]);
  };

  // The same objects at the start (everything before an append or an edit) are neither added nor
  // updated: skipped by reference, the cheapest test, before the walk by id.
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  while (start < before.length && start < after.length && before[start]!.id === after[start]!.id) {
    kept(before[start]!, after[start]!);
    start++;
  }
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1]!.id === after[endAfter - 1]!.id) {
    endBefore--;
    endAfter--;
  }

  // The middle: what is neither a common start nor a common end.
  const oldIndex = new Map<string, number>();
  for (let index = start; index < endBefore; index++) oldIndex.set(before[index]!.id, index);
  let lastKeptIndex = -1;
  let addedSoFar = false;
  for (let index = start; index < endAfter; index++) {
    const annotation = after[index]!;
    const was = oldIndex.get(annotation.id);
    if (was === undefined) {
      diff.added.push(annotation);
      addedSoFar = true;
      continue;
    }
    // A kept annotation after an added one, or before one it used to follow, is out of place.
    if (addedSoFar || was < lastKeptIndex) diff.reordered = true;
    lastKeptIndex = was;
    oldIndex.delete(annotation.id);
    kept(before[was]!, annotation);
  }
  // What is left of the old middle is gone, in the old order.
  for (const index of oldIndex.values()) diff.removed.push(before[index]!);
  // Added annotations followed by the common end sit before annotations that were already there.
  if (addedSoFar && endAfter < after.length) diff.reordered = true;

  for (let index = endAfter; index < after.length; index++)
    kept(before[index - endAfter + endBefore]!, after[index]!);
  return diff;
}

/** The diff of two document states: their annotations, and whether the PDF is another revision. */
export function diffDocument(before: DocumentState, after: DocumentState): DocumentDiff {
  return {
    ...diffAnnotations(before.annotations, after.annotations),
    documentChanged: before.pdf !== after.pdf,
  };
}

/**
 * One diff with the effect of `diffs` applied in order (tldraw's squashRecordDiffs): added then
 * removed is nothing, added then updated is added, updated then removed is removed as it first
 * was, removed then added back is updated (or nothing when it is the same object). Lists keep the
 * order in which each id was first mentioned.
 */
export function squashAnnotationDiffs(diffs: readonly AnnotationDiff[]): AnnotationDiff {
  const added = new Map<string, Annotation>();
  const updated = new Map<string, [Annotation, Annotation]>();
  const removed = new Map<string, Annotation>();
  let reordered = false;
  for (const diff of diffs) {
    reordered ||= diff.reordered;
    for (const [from, to] of diff.updated) {
      if (added.has(to.id)) added.set(to.id, to);
      else updated.set(to.id, [updated.get(to.id)?.[0] ?? from, to]);
    }
    for (const annotation of diff.removed) {
      const { id } = annotation;
      if (added.delete(id)) continue;
      removed.set(id, updated.get(id)?.[0] ?? annotation);
      updated.delete(id);
    }
    for (const annotation of diff.added) {
      const original = removed.get(annotation.id);
      if (original === undefined) {
        added.set(annotation.id, annotation);
        continue;
      }
      // Back after a removal: at the end of the list, which need not be where it was.
      removed.delete(annotation.id);
      reordered = true;
      updated.set(annotation.id, [original, annotation]);
    }
  }
  // An annotation changed and changed back (or removed and put back as is) did not change.
  const changed = [...updated.values()].filter(([from, to]) => from !== to);
  return { added: [...added.values()], updated: changed, removed: [...removed.values()], reordered };
}

/** `squashAnnotationDiffs` for document diffs; the PDF changed when any of them says so. */
export function squashDocumentDiffs(diffs: readonly DocumentDiff[]): DocumentDiff {
  return { ...squashAnnotationDiffs(diffs), documentChanged: diffs.some((diff) => diff.documentChanged) };
}
