// Freehand in PDF: the stroke as one smooth path, quadratic curves through the midpoints between
// samples (`smoothPath`), which removes the jaggedness of pointer sampling without moving the
// stroke off its points; each quadratic is written as the cubic Bezier that traces the same curve,
// since content streams have no quadratic operator. Written as /Ink, whose /InkList holds the
// exact points in PDF user space; each /InkList path reads back as one stroke.
import { CubicPathWriter, smoothPath } from '../../geometry/annotationGeometry';
import { LineCap } from '../../export/flatten/contentBuilder';
import type { Canvas } from '../../export/flatten/frame';
import { boundsOf, CAP_ROOM, flatPoints, inflate, type NativeWriter } from '../../export/native/nativeTypes';
import { numbersOf } from '../../import/pdfReaders';
import { toDisplayPoints, type AnnotationReader } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaults';
import type { Annotation } from '../../model/types';
import type { PdfKind } from '../pdfKind';
import { strokeThrough, type FreehandAnnotation } from './index';

function drawFreehand(canvas: Canvas, annotation: FreehandAnnotation): void {
  const { points } = annotation;
  const [only] = points;
  if (!only) return;
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  if (points.length === 1) {
    // A single tap is a dot as wide as the stroke.
    const radius = Math.max(annotation.strokeWidth, 1) / 2;
    content.fillColor(canvas.color(annotation.color)).ellipse(only.x, only.y, radius, radius).fill();
    return;
  }
  content.strokeColor(canvas.color(annotation.color)).lineWidth(Math.max(annotation.strokeWidth, 0.5)).lineCap(LineCap.round);
  smoothPath(points, new CubicPathWriter(content));
  content.stroke();
}

const writeFreehand: NativeWriter<FreehandAnnotation> = (annotation, env) => {
  const { points } = annotation;
  if (points.length === 0) {
    env.context.warn(`Freehand annotation ${annotation.id} has no points; skipped.`);
    return undefined;
  }
  return {
    subtype: 'Ink',
    displayRect: inflate(boundsOf(points), annotation.strokeWidth / 2 + CAP_ROOM),
    entries: { InkList: [flatPoints(env, points)] },
    color: annotation.color,
    borderWidth: annotation.strokeWidth,
  };
};

/** One freehand annotation per /InkList path; the first keeps the id, the others get "-2", "-3"... */
const readInk: AnnotationReader = (env) => {
  const list = env.read.lookup(env.dict, 'InkList');
  const paths: number[][] = [];
  if (list?.type === 'array') {
    for (let index = 0; index < list.length; index++) {
      const path = numbersOf(env.read, list.at(index));
      if (path && path.length >= 2) paths.push(path);
    }
  }
  if (paths.length === 0) {
    env.warn(`${env.label} has no usable /InkList; skipped.`);
    return [];
  }
  const { base } = env;
  return paths.map((path, index): Annotation => {
    const points = toDisplayPoints(env.space, path);
    return {
      ...base,
      id: index === 0 ? base.id : `${base.id}-${index + 1}`,
      type: 'freehand',
      // The model's rule for strokes: position is the top-left of the points' bounds.
      ...strokeThrough(points, { x: 0, y: 0 }),
      color: base.color ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? 1,
    };
  });
};

export const freehandPdf: PdfKind<FreehandAnnotation> = { draw: drawFreehand, write: writeFreehand, reads: { Ink: readInk } };
