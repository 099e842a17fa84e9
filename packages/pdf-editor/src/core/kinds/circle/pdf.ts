// Circle in PDF: the outline stroked (shared/outlinePdf.ts); written as /Circle; /Circle reads back
// as a circle when it is round, else as an ellipse of its own box.
import type { Canvas } from '../../export/flatten/frame';
import type { NativeWriter } from '../../export/native/nativeTypes';
import { readColor } from '../../import/pdfReaders';
import type { AnnotationReader } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaults';
import type { Rect } from '../../model/base';
import type { PdfKind } from '../pdfKind';
import { outlineParts, shapeBox, strokeEllipse } from '../shared/outlinePdf';
import type { CircleAnnotation } from './index';

function drawCircle(canvas: Canvas, annotation: CircleAnnotation): void {
  const { radius } = annotation;
  strokeEllipse(canvas, annotation, annotation.position.x + radius, annotation.position.y + radius, radius, radius);
}

const writeCircle: NativeWriter<CircleAnnotation> = (annotation) => {
  const { radius } = annotation;
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: 2 * radius, height: 2 * radius };
  return outlineParts('Circle', box, { color: annotation.color, strokeWidth: annotation.strokeWidth });
};

/** How far apart the width and height of a /Circle may be, in points, for it to be round. */
const ROUND_TOLERANCE = 0.5;

/**
 * A /Circle: the model's circle when it is round, else an ellipse of its own box. Neither has a
 * fill, so an interior colour (/IC) is left out with a warning that says so.
 */
const readCircle: AnnotationReader = (env) => {
  const box = shapeBox(env);
  if (!box) return [];
  const { base } = env;
  const style = { color: base.color ?? DEFAULTS.color, opacity: base.opacity ?? DEFAULTS.opacity, strokeWidth: base.strokeWidth ?? 1 };
  const round = Math.abs(box.width - box.height) <= ROUND_TOLERANCE;
  const fill = readColor(env.read, env.dict, 'IC');
  if (fill) env.warn(`${env.label} is filled with ${fill} (/IC), which an imported ${round ? 'circle' : 'ellipse'} cannot show; imported without its fill.`);
  if (!round) return [{ ...base, ...style, type: 'ellipse', position: { x: box.x, y: box.y }, width: box.width, height: box.height }];
  const radius = (box.width + box.height) / 4;
  return [{ ...base, ...style, type: 'circle', position: { x: box.x + box.width / 2 - radius, y: box.y + box.height / 2 - radius }, radius }];
};

export const circlePdf: PdfKind<CircleAnnotation> = { draw: drawCircle, write: writeCircle, reads: { Circle: readCircle } };
