import {
  addAnnotation,
  clearAnnotations,
  createHistory,
  normalizeAnnotation,
  removeAnnotation,
  updateAnnotation,
  type Annotation,
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
