// Paints each redaction area with its fill colour and the overlay text, centred and upright as the
// page is displayed (whatever its /Rotate), in Helvetica sized to fit the area.
import { measureText, rgb, StandardFonts, type PDF } from '@libpdf/core';
import type { PageSpace } from '../geometry/pageSpace';
import type { Rect } from '../model/types';
import type { RgbComponents } from '../pdf/color';

export interface FilledArea {
  pageIndex: number;
  /** The area in page space. */
  rect: Rect;
  /** The area in PDF user space. */
  pdfRect: Rect;
  space: PageSpace;
}

/** The largest overlay text size, and its share of the area's height. */
const MAX_TEXT_SIZE = 12;
const TEXT_HEIGHT_SHARE = 0.7;
/** A share of the font size: how far the baseline lies below the middle of capital letters. */
const BASELINE_DROP = 0.35;

/** Black text on light fills, white on dark ones. */
function contrasting({ r, g, b }: RgbComponents) {
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.5 ? rgb(0, 0, 0) : rgb(1, 1, 1);
}

export function drawFills(pdf: PDF, areas: readonly FilledArea[], fill: RgbComponents, overlayText: string | undefined): void {
  const pages = pdf.getPages();
  for (const { pageIndex, rect, pdfRect, space } of areas) {
    const page = pages[pageIndex];
    if (!page) continue;
    page.drawRectangle({ ...pdfRect, color: rgb(fill.r, fill.g, fill.b) });
    if (!overlayText) continue;
    const unitWidth = measureText(overlayText, StandardFonts.Helvetica, 1);
    const size = Math.min(MAX_TEXT_SIZE, rect.height * TEXT_HEIGHT_SHARE, unitWidth > 0 ? (rect.width * 0.9) / unitWidth : MAX_TEXT_SIZE);
    if (size <= 0) continue;
    const origin = space.toPdf({
      x: rect.x + (rect.width - unitWidth * size) / 2,
      y: rect.y + rect.height / 2 + size * BASELINE_DROP,
    });
    page.drawText(overlayText, {
      ...origin,
      font: StandardFonts.Helvetica,
      size,
      color: contrasting(fill),
      ...(space.rotation === 0 ? {} : { rotate: { angle: space.rotation } }),
    });
  }
}
