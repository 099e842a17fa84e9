import { readFile } from 'node:fs/promises';
import {
  addAnnotation,
  applyPageOperation,
  clearAnnotations,
  createHistory,
  diffAnnotations,
  normalizeAnnotation,
  pdfRevision,
  removeAnnotation,
  squashAnnotationDiffs,
  updateAnnotation,
  type Annotation,
  type AnnotationDiff,
} from '@marginalia/pdf-editor/core';

// #region basics
const history = createHistory<readonly Annotation[]>([], { limit: 50 });

const box = normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 50, y: 50 } });
history.apply(addAnnotation(box), 'Add rectangle');
history.apply(updateAnnotation(box.id, { color: '#0050C8' }), 'Change colour');

history.undo(); // the rectangle is black again
history.redo(); // and blue
console.log(history.undoLabel); // "Change colour"
// #endregion

// #region gesture
// A drag is one step however many pointer moves it has; cancel (Escape) restores the start.
const drag = history.begin('Move rectangle');
for (const x of [60, 70, 80]) {
  history.apply(updateAnnotation(box.id, { position: { x, y: 50 } }));
}
drag.commit(); // one undo step: from x = 50 to x = 80
// #endregion

// #region merge
// Consecutive applies with the same merge key fold into one step: a colour slider undoes at once.
for (const opacity of [0.9, 0.8, 0.7]) {
  history.apply(updateAnnotation(box.id, { opacity }), { label: 'Opacity', mergeKey: `opacity:${box.id}` });
}
// #endregion

// #region subscribe
const unsubscribe = history.subscribe((annotations, change) => {
  console.log(change.reason, change.label, annotations.length);
});
history.apply(removeAnnotation(box.id), 'Delete');
history.apply(clearAnnotations(), 'Clear all'); // no-op on an empty list: no step, no event
unsubscribe();
// #endregion

// #region diff
// An autosave that sends only what changed: every change says what it did, a gesture's changes
// wait until it ends, and what was added then deleted before a save is never sent at all.
const tracked = createHistory<readonly Annotation[], AnnotationDiff>([], { diff: diffAnnotations });
let unsaved: AnnotationDiff[] = [];
tracked.subscribe((annotations, change) => {
  unsaved.push(change.diff);
  if (tracked.inTransaction) return;
  const { added, updated, removed, reordered } = squashAnnotationDiffs(unsaved);
  unsaved = [];
  console.log({
    upsert: [...added, ...updated.map(([, after]) => after)],
    delete: removed.map((annotation) => annotation.id),
    order: reordered ? annotations.map((annotation) => annotation.id) : undefined,
  });
});
// #endregion

// #region revisions
// Each page operation's result is the next version of the PDF. Rotations, reorders and inserts
// only append to the file, so a history of fifty of them keeps about one copy of it, not fifty.
const pages = createHistory({ pdf: pdfRevision(await readFile('report.pdf')) });
const { pdf } = pages.state;
const rotated = await applyPageOperation(pdf.bytes(), { type: 'rotate', pages: [1], degrees: 90 });
pages.apply(() => ({ pdf: pdf.next(rotated) }), 'Rotate page');
pages.undo(); // pages.state.pdf.bytes() is the file as loaded, byte for byte
// #endregion
