// The PDF half of the outlined shapes rectangles, whiteouts, circles and ellipses share. The
// stroke is centred on the shape's outline, so a /Square or /Circle's /Rect is the shape grown by
// half the stroke and /RD records that margin: any reader takes the shape back as /Rect minus /RD
// (`shapeBox`, which also reads other tools' annotations without /RD).
import type { Canvas } from '../../export/flatten/frame';
import { inflate, type NativeParts } from '../../export/native/nativeTypes';
import { colorComponents } from '../../export/native/pdfValues';
import { readInnerRect } from '../../import/pdfReaders';
import { rectOrSkip, toDisplayBox, type ReadEnv } from '../../import/readerTypes';
import type { BaseAnnotation, Rect } from '../../model/base';
import type { PdfValue } from '../../pdf/objects';

export interface OutlineStyle {
  color: string;
  strokeWidth: number;
  fill?: string;
}

/** The native parts of the shape `box` outlined (and filled) in `style`, as `subtype`. */
export function outlineParts(subtype: 'Square' | 'Circle', box: Rect, style: OutlineStyle): NativeParts {
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

/**
 * The shape inside a /Square or /Circle /Rect: less /RD when usable, else less half the border,
 * which the specification says is drawn inside the rectangle.
 */
export function shapeBox(env: ReadEnv): Rect | undefined {
  const inner = rectOrSkip(env, readInnerRect(env.read, env.dict, (env.base.strokeWidth ?? 1) / 2));
  return inner && toDisplayBox(env.space, inner);
}

/** The outline of an ellipse centred on (cx, cy), as circles and ellipses draw it. */
export function strokeEllipse(canvas: Canvas, style: Pick<BaseAnnotation, 'color' | 'opacity' | 'strokeWidth'>, cx: number, cy: number, rx: number, ry: number): void {
  // A zero-width stroke would still paint a hairline in PDF; the editor shows nothing.
  if (style.strokeWidth <= 0) return;
  canvas.setOpacity(style.opacity);
  canvas.content.strokeColor(canvas.color(style.color)).lineWidth(style.strokeWidth).ellipse(cx, cy, rx, ry).stroke();
}
