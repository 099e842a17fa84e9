import { readFile } from 'node:fs/promises';
import {
  applyPageOperation,
  deletePages,
  getPageSizes,
  mergeAnnotations,
  mergePdfs,
  remapAnnotations,
  rotatePages,
  splitPdf,
  type Annotation,
  type PageOperation,
} from '@marginalia/pdf-editor/core';

declare const annotations: Annotation[];
const pdf = await readFile('report.pdf');

// #region rotate
// Rotating changes the displayed page, so annotations need the page sizes before the operation.
const sizes = await getPageSizes(pdf);
const rotated = await rotatePages(pdf, [1, 2], 90);
const rotatedAnnotations = remapAnnotations(
  annotations,
  { type: 'rotate', pages: [1, 2], degrees: 90 },
  sizes,
);
// #endregion

// #region delete
// Annotations on deleted pages go; those after them move up.
const shorter = await deletePages(pdf, [3]);
const kept = remapAnnotations(annotations, { type: 'delete', pages: [3] }, sizes);
// #endregion

// #region data
// Operations are data: log them, queue them, replay them on the PDF and the annotations alike.
const operation: PageOperation = { type: 'reorder', order: [2, 1, 3] };
const reordered = await applyPageOperation(pdf, operation);
const reorderedAnnotations = remapAnnotations(annotations, operation, sizes);
// #endregion

// #region split
const [first, rest] = await splitPdf(pdf, [
  { from: 1, to: 2 },
  { from: 3, to: sizes.length },
]);
const [firstAnnotations, restAnnotations] = remapAnnotations(annotations, {
  type: 'split',
  ranges: [
    { from: 1, to: 2 },
    { from: 3, to: sizes.length },
  ],
});
// #endregion

// #region merge
const appendix = await readFile('appendix.pdf');
declare const appendixAnnotations: Annotation[];
const merged = await mergePdfs([pdf, appendix]);
const mergedAnnotations = mergeAnnotations(
  [annotations, appendixAnnotations],
  [sizes.length, (await getPageSizes(appendix)).length],
);
// #endregion

export {
  first,
  firstAnnotations,
  kept,
  merged,
  mergedAnnotations,
  reordered,
  reorderedAnnotations,
  rest,
  restAnnotations,
  rotated,
  rotatedAnnotations,
  shorter,
};
