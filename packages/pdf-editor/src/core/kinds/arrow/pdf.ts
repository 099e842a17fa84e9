// Arrow in PDF: shaft and head from `arrowPath`, stroked with round caps; written as /Line with an
// open arrow end (/LE [/None /OpenArrow]), /L holding the exact end points in PDF user space. A /Line
// reads back as an arrow when it ends in one open arrowhead (at either end: another tool may have
// flipped its line ends), and otherwise as a two-point polyline, the kind that holds any other
// line ends (/LE: none, closed arrows, circles, ...) and their fill (/IC).
import { arrowPath } from '../../geometry/annotationGeometry';
import { LineCap } from '../../export/flatten/contentBuilder';
import type { Canvas } from '../../export/flatten/frame';
import { boundsOf, CAP_ROOM, flatPoints, inflate, type NativeWriter } from '../../export/native/nativeTypes';
import { readLineEndings, readNumbers } from '../../import/pdfReaders';
import { toDisplayPoints, type AnnotationReader } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaultValues';
import type { Point } from '../../model/types';
import { vertexedAnnotation } from '../shared/verticesPdf';
import type { PdfKind } from '../pdfKind';
import type { ArrowAnnotation } from './index';

function drawArrow(canvas: Canvas, annotation: ArrowAnnotation): void {
  const [shaft, head] = arrowPath(annotation.position, annotation.endPoint);
  canvas.setOpacity(annotation.opacity);
  canvas.content
    .strokeColor(canvas.color(annotation.color))
    .lineWidth(Math.max(annotation.strokeWidth, 0.5))
    .lineCap(LineCap.round)
    .polyline(shaft)
    .polyline(head)
    .stroke();
}

const writeArrow: NativeWriter<ArrowAnnotation> = (annotation, env) => {
  const start = annotation.position;
  const end = annotation.endPoint;
  const [, head] = arrowPath(start, end);
  return {
    subtype: 'Line',
    displayRect: inflate(boundsOf([start, end, ...head]), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: {
      L: flatPoints(env, [start, end]),
      LE: ['None', 'OpenArrow'],
    },
    color: annotation.color,
    borderWidth: annotation.strokeWidth,
  };
};

const readLine: AnnotationReader = (env) => {
  const line = readNumbers(env.read, env.dict, 'L');
  if (!line || line.length !== 4) {
    env.warn(`${env.label} has no usable /L; skipped.`);
    return [];
  }
  const [first, second] = toDisplayPoints(env.space, line) as [Point, Point];
  const [startEnding, endEnding] = readLineEndings(env.read, env.dict) ?? ['None', 'None'];
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
