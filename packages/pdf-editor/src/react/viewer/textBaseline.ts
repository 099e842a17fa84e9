// Where the overlay puts a text annotation's first baseline: where the export will, so text does
// not move when the PDF is written. The layout rule (half-leading plus ascent in a 1.2 em line box)
// is the export's own `baselineOffset`; only the font heights are written down here, because the
// export reads them from its PDF engine (@libpdf/core), which stays out of the editor's main bundle
// (viewing needs only pdf.js). The tests check these heights and the font choice against the export's.
import { INVISIBLE_CODE_POINTS, standardFamily, type StandardFamily } from '../../core/internal';
import { baselineOffset, type FontHeights } from '../../core/internal';
import type { TextAnnotation } from '../../core/index';

/**
 * The export's `heightAtSize(1)` with and without the descender for the fonts it draws with; every
 * face of a family has the same. The standard fonts' come from their AFM files; `unicode` is the
 * bundled DejaVu Sans's ascent and descent as its font descriptor states them (760 and -240).
 */
/** A font's line height (ascent minus descent) and ascent, per em. */
export interface EmHeights {
  full: number;
  ascent: number;
}

const EM_HEIGHTS: Record<StandardFamily | 'unicode', EmHeights> = {
  helvetica: { full: 0.925, ascent: 0.718 },
  times: { full: 0.9, ascent: 0.683 },
  courier: { full: 0.786, ascent: 0.629 },
  unicode: { full: 1, ascent: 0.76 },
};

/** The characters beyond ASCII and Latin-1 that the standard fonts' WinAnsi encoding can draw. */
const WIN_ANSI_EXTRA = new Set('ŒœŠšŸŽžƒˆ˜–—‘’‚“”„†‡•…‰‹›€™');

/** Whether the export can draw `text` with a standard font; otherwise it embeds the Unicode font. */
export function standardFontDraws(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    // Control characters (line breaks, tabs) are not drawn as glyphs.
    if (code < 0x20 || code === 0x7f || INVISIBLE_CODE_POINTS.has(code)) continue;
    if (code > 0x7e && (code < 0xa0 || code > 0xff) && !WIN_ANSI_EXTRA.has(char)) return false;
  }
  return true;
}

/**
 * Distance from the top of a text annotation to its first baseline, as the export lays it out;
 * `fallback` gives the heights of a fallback font the export draws the text with first.
 */
export function firstBaselineOffset(annotation: Pick<TextAnnotation, 'content' | 'fontFamily' | 'fontSize'>, fallback?: EmHeights): number {
  const standard = standardFontDraws(annotation.content);
  const em = (!standard && fallback) || EM_HEIGHTS[standard ? standardFamily(annotation.fontFamily) : 'unicode'];
  const heights: FontHeights = {
    heightAtSize: (size, options) => (options?.descender === false ? em.ascent : em.full) * size,
  };
  return baselineOffset(heights, annotation.fontSize);
}
