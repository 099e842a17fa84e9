// Where the baseline of a line of text sits, shared by the screen and the export (flattened and
// native alike) so all place text exactly where the editor showed it: CSS-like line boxes of
// 1.2 em, the baseline half a leading plus the ascent below the top of its line box.
import { TEXT_LINE_HEIGHT } from '../geometry/annotationGeometry';

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
