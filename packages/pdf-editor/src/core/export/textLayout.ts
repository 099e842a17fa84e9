// How a text annotation's lines sit in its box, shared by the flattened and the native export so
// both place text exactly where the editor showed it: CSS-like line boxes of 1.2 em, the baseline
// half a leading plus the ascent below the top of its line box, lines aligned within the box.
import { TEXT_LINE_HEIGHT } from '../geometry/annotationGeometry';
import type { TextAnnotation } from '../model/types';

/** What the layout needs of a font: `PDFFont` or the export's cached `TextMetrics`. */
export interface FontHeights {
  heightAtSize(size: number, options?: { descender?: boolean }): number;
}

/** Distance from the top of a line box to its baseline: half-leading plus the ascent. */
export function baselineOffset(font: FontHeights, size: number): number {
  const ascent = font.heightAtSize(size, { descender: false });
  const halfLeading = (size * TEXT_LINE_HEIGHT - font.heightAtSize(size)) / 2;
  return halfLeading + ascent;
}

/** The x where a line of `lineWidth` starts in a box of `boxWidth` whose left edge is `left`. */
export function alignedX(align: TextAnnotation['textAlign'], left: number, boxWidth: number, lineWidth: number): number {
  if (align === 'center') return left + (boxWidth - lineWidth) / 2;
  if (align === 'right') return left + boxWidth - lineWidth;
  return left;
}

/** The largest of `widths` (0 for none), looped: spreading a million lines into Math.max overflows the stack. */
export function longest(widths: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < widths.length; i++) max = Math.max(max, widths[i] ?? 0);
  return max;
}
