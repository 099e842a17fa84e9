// Rectangles, whiteouts and circles as /Square and /Circle annotations. The stroke is centred on the
// shape's outline, so /Rect is the shape grown by half the stroke and /RD records that margin: any
// reader can take the shape back as /Rect minus /RD.
import type { PdfValue } from '../../pdf/objects';
import type { CircleAnnotation, RectangleAnnotation, Rect, WhiteoutAnnotation } from '../../model/types';
import { inflate, type NativeParts, type NativeWriter } from './nativeTypes';
import { colorComponents } from './pdfValues';

interface OutlineStyle {
  color: string;
  strokeWidth: number;
  fill?: string;
}

function parts(subtype: 'Square' | 'Circle', box: Rect, style: OutlineStyle): NativeParts {
  const margin = style.strokeWidth / 2;
  const entries: Record<string, PdfValue> = { RD: [margin, margin, margin, margin] };
  if (style.fill) entries.IC = colorComponents(style.fill);
  return {
    subtype,
    displayRect: inflate(box, margin),
    entries,
    color: style.color,
    borderWidth: style.strokeWidth,
  };
}

export const writeRectangle: NativeWriter<RectangleAnnotation> = (annotation) => {
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
  const style: OutlineStyle = {
    color: annotation.color,
    strokeWidth: annotation.strokeWidth,
    fill: annotation.fillStyle === 'solid' ? (annotation.fillColor ?? annotation.color) : undefined,
  };
  return parts('Square', box, style);
};

/** A white filled square with no border: it hides what is under it in every viewer. */
export const writeWhiteout: NativeWriter<WhiteoutAnnotation> = (annotation) => {
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
  return parts('Square', box, { color: annotation.color, strokeWidth: 0, fill: annotation.color });
};

export const writeCircle: NativeWriter<CircleAnnotation> = (annotation) => {
  const { radius } = annotation;
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: 2 * radius, height: 2 * radius };
  return parts('Circle', box, { color: annotation.color, strokeWidth: annotation.strokeWidth });
};
