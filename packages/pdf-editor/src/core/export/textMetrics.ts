// Measures and encodes text for a font, for drawing it straight into a content stream. A standard
// font encodes one WinAnsi byte per character and its advance width is the sum of its glyph widths
// (text is shown with Tj, so no kerning applies), asked of the engine once per character and
// reused. Embedded fonts are written as Identity-H, two bytes of glyph id per character, and the
// engine records the glyphs each call uses so that only those are kept when the font is subset.
import { Standard14Font, type Standard14FontName } from '../pdf/engine';

/** Widths, heights and encoding of text in one font, as the export measures and shows it. */
export interface TextMetrics {
  /** Advance width of `text` at `size` points. */
  widthOfTextAtSize(text: string, size: number): number;
  /** The font's height at `size` (ascent to descent), or only its ascent with `descender: false`. */
  heightAtSize(size: number, options?: { descender?: boolean }): number;
  /** `text` in the font's encoding, as a PDF hex string (`<...>`). Throws for characters it lacks. */
  encodeText(text: string): string;
}

/** WinAnsiEncoding's codes 0x80-0x9F, the only ones that differ from Latin-1. */
const WIN_ANSI_HIGH: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
  0x02c6: 0x88, 0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91,
  0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98,
  0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b, 0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** The WinAnsi code of a code point, or undefined when the encoding has none. */
export function winAnsiCode(codePoint: number): number | undefined {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return WIN_ANSI_HIGH[codePoint];
}

/** Ascender and descender of the standard fonts (their AFM files), in thousandths of the size. */
const STANDARD_VERTICAL: Record<string, { ascent: number; descent: number }> = {
  Helvetica: { ascent: 718, descent: -207 },
  Times: { ascent: 683, descent: -217 },
  Courier: { ascent: 629, descent: -157 },
};

function heights(ascent: number, descent: number): TextMetrics['heightAtSize'] {
  return (size, options) => ((options?.descender === false ? ascent : ascent - descent) * size) / 1000;
}

const hex2 = (code: number) => code.toString(16).padStart(2, '0');

export function standardFontMetrics(name: Standard14FontName): TextMetrics {
  const font = Standard14Font.of(name);
  const { ascent, descent } = STANDARD_VERTICAL[name.split('-')[0] ?? ''] ?? { ascent: 718, descent: -207 };
  /** Advance widths in thousandths of the size and codes, by UTF-16 code. */
  const glyphs = new Map<number, { width: number; hex: string }>();
  const glyph = (code: number) => {
    let found = glyphs.get(code);
    if (!found) {
      const winAnsi = winAnsiCode(code);
      if (winAnsi === undefined) throw new Error(`${name} cannot encode U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
      found = { width: font.widthOfTextAtSize(String.fromCharCode(code), 1000), hex: hex2(winAnsi) };
      glyphs.set(code, found);
    }
    return found;
  };
  return {
    widthOfTextAtSize(text, size) {
      let total = 0;
      for (let i = 0; i < text.length; i++) total += glyph(text.charCodeAt(i)).width;
      return (total * size) / 1000;
    },
    heightAtSize: heights(ascent, descent),
    encodeText(text) {
      let hex = '<';
      for (let i = 0; i < text.length; i++) hex += glyph(text.charCodeAt(i)).hex;
      return `${hex}>`;
    },
  };
}

/** What the metrics read of an embedded font (the engine's embedded font has it). */
export interface MeasurableFont {
  readonly descriptor: { readonly ascent: number; readonly descent: number } | null;
  getTextWidth(text: string, size: number): number;
  encodeTextToGids(text: string): readonly number[];
}

export function embeddedFontMetrics(font: MeasurableFont): TextMetrics {
  const descriptor = font.descriptor;
  return {
    widthOfTextAtSize: (text, size) => font.getTextWidth(text, size),
    heightAtSize: heights(descriptor?.ascent ?? 800, descriptor?.descent ?? -200),
    encodeText(text) {
      let hex = '<';
      for (const gid of font.encodeTextToGids(text)) hex += gid.toString(16).padStart(4, '0');
      return `${hex}>`;
    },
  };
}
