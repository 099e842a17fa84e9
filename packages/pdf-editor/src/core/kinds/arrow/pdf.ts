// Arrow in PDF: shaft and head from `arrowPath`; written as /Line with an open arrow end. A /Line
// reads back as an arrow when it ends in one open arrowhead (at either end: another tool may have
// flipped its line ends), and otherwise as a two-point polyline, the kind that holds any other
// line ends (/LE: none, closed arrows, circles, ...) and their fill (/IC).
import { drawArrow } from '../../export/flatten/drawShapes';
import { writeArrow } from '../../export/native/strokes';
import { readNumbers } from '../../import/pdfReaders';
import { readLineEndings } from '../../import/readShapes';
import { toDisplayPoints, type AnnotationReader } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaultValues';
import type { Point } from '../../model/types';
import { vertexedAnnotation } from '../shared/verticesPdf';
import type { PdfKind } from '../pdfKind';
import type { ArrowAnnotation } from './index';

const readLine: AnnotationReader = (env) => {
  const line = readNumbers(env.read, env.dict, 'L');
  if (!line || line.length !== 4) {
    env.warn(`${env.label} has no usable /L; skipped.`);
    return [];
  }
  const [first, second] = toDisplayPoints(env.space, line) as [Point, Point];
  const [startEnding, endEnding] = readLineEndings(env) ?? ['None', 'None'];
  const forward = startEnding === 'None' && endEnding === 'OpenArrow';
  const reversed = startEnding === 'OpenArrow' && endEnding === 'None';
  if (!forward && !reversed) return [vertexedAnnotation(env, 'polyline', [first, second])];
  // The model draws its head at the end point: a line whose only arrowhead is at its start points the other way.
  const [start, end] = reversed ? [second, first] : [first, second];
  const { base } = env;
  return [
    {
      ...base,
      type: 'arrow',
      position: start,
      endPoint: end,
      color: base.color ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? 1,
    },
  ];
};

export const arrowPdf: PdfKind<ArrowAnnotation> = { draw: drawArrow, write: writeArrow, reads: { Line: readLine } };
