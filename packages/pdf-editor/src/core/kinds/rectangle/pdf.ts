// Rectangle in PDF: the outline stroked, the box filled when solid; written as /Square with /IC
// for the fill (shared/outlinePdf.ts); /Square reads back as a rectangle, or as a whiteout when
// it is the borderless white box a whiteout writes.
import type { Canvas } from '../../export/flatten/frame';
import type { NativeWriter } from '../../export/native/nativeTypes';
import { readColor } from '../../import/pdfReaders';
import type { AnnotationReader } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaults';
import type { Rect } from '../../model/base';
import type { PdfKind } from '../pdfKind';
import { outlineParts, shapeBox, type OutlineStyle } from '../shared/outlinePdf';
import type { RectangleAnnotation } from './index';

function drawRectangle(canvas: Canvas, annotation: RectangleAnnotation): void {
  const stroke = annotation.strokeWidth > 0;
  const fill = annotation.fillStyle === 'solid';
  if (!stroke && !fill) return;
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  if (fill) content.fillColor(canvas.color(annotation.fillColor ?? annotation.color));
  if (stroke) content.strokeColor(canvas.color(annotation.color)).lineWidth(annotation.strokeWidth);
  content.rect(annotation.position.x, annotation.position.y, annotation.width, annotation.height);
  if (!fill) content.stroke();
  else if (stroke) content.fillAndStroke();
  else content.fill();
}

const writeRectangle: NativeWriter<RectangleAnnotation> = (annotation) => {
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
  const style: OutlineStyle = {
    color: annotation.color,
    strokeWidth: annotation.strokeWidth,
    fill: annotation.fillStyle === 'solid' ? (annotation.fillColor ?? annotation.color) : undefined,
  };
  return outlineParts('Square', box, style);
};

const isWhite = (color: string | undefined) => color === '#FFFFFF';

const readSquare: AnnotationReader = (env) => {
  const box = shapeBox(env);
  if (!box) return [];
  const { base } = env;
  const fill = readColor(env.read, env.dict, 'IC');
  const common = { ...base, position: { x: box.x, y: box.y }, width: box.width, height: box.height };
  // A borderless white filled square is what whiteout writes; anything else is a rectangle.
  if (isWhite(fill) && (base.strokeWidth === 0 || isWhite(base.color))) {
    return [{ ...common, type: 'whiteout', color: '#FFFFFF', opacity: base.opacity ?? 1, strokeWidth: base.strokeWidth ?? 0 }];
  }
  return [
    {
      ...common,
      type: 'rectangle',
      color: base.color ?? fill ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? 1,
      fillStyle: fill ? 'solid' : 'none',
      ...(fill ? { fillColor: fill } : {}),
    },
  ];
};

export const rectanglePdf: PdfKind<RectangleAnnotation> = { draw: drawRectangle, write: writeRectangle, reads: { Square: readSquare } };
