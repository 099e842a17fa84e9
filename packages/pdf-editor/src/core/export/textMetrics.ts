// Measures and encodes text for a font, for drawing it straight into a content stream. pdf-lib's
// own calls re-encode the whole string through several arrays on every call, which shows when a
// page holds many notes. A standard font encodes one byte per character and its advance width is
// the sum of glyph widths and pair kerning, so those are asked of pdf-lib once per character and
// once per pair and reused. Embedded fonts are shaped as a whole (and pdf-lib records the glyphs
// each call uses, for subsetting), so they go through pdf-lib every time.
import type { PDFFont } from 'pdf-lib';

export interface TextMetrics {
  /** Advance width of `text` at `size` points, kerning included. */
  widthOfTextAtSize(text: string, size: number): number;
  /** The font's height at `size`, with or without the descender, as `PDFFont.heightAtSize`. */
  heightAtSize(size: number, options?: { descender?: boolean }): number;
  /** `text` in the font's encoding, as a PDF hex string (`<...>`). Throws for characters it lacks. */
  encodeText(text: string): string;
}

/** Heights at 1 pt, scaled: pdf-lib's are proportional to the size. */
function heights(font: PDFFont): TextMetrics['heightAtSize'] {
  const full = font.heightAtSize(1);
  const ascent = font.heightAtSize(1, { descender: false });
  return (size, options) => (options?.descender === false ? ascent : full) * size;
}

export function shapedFontMetrics(font: PDFFont): TextMetrics {
  return {
    widthOfTextAtSize: (text, size) => font.widthOfTextAtSize(text, size),
    heightAtSize: heights(font),
    encodeText: (text) => font.encodeText(text).toString(),
  };
}

interface Glyph {
  /** The character's code, two hex digits. */
  hex: string;
  /** Advance width in thousandths of the font size. */
  width: number;
}

export function standardFontMetrics(font: PDFFont): TextMetrics {
  const glyphs = new Map<number, Glyph>();
  /** Kerning between two characters, keyed by both UTF-16 codes. */
  const kerning = new Map<number, number>();

  const glyph = (code: number): Glyph => {
    let found = glyphs.get(code);
    if (!found) {
      const char = String.fromCharCode(code);
      found = { hex: font.encodeText(char).toString().slice(1, -1), width: font.widthOfTextAtSize(char, 1000) };
      glyphs.set(code, found);
    }
    return found;
  };

  const kern = (left: number, right: number): number => {
    const key = left * 0x10000 + right;
    let amount = kerning.get(key);
    if (amount === undefined) {
      const pair = String.fromCharCode(left, right);
      amount = font.widthOfTextAtSize(pair, 1000) - glyph(left).width - glyph(right).width;
      kerning.set(key, amount);
    }
    return amount;
  };

  return {
    widthOfTextAtSize(text, size) {
      let total = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        total += glyph(code).width;
        if (i + 1 < text.length) total += kern(code, text.charCodeAt(i + 1));
      }
      return (total * size) / 1000;
    },
    heightAtSize: heights(font),
    encodeText(text) {
      let hex = '<';
      for (let i = 0; i < text.length; i++) hex += glyph(text.charCodeAt(i)).hex;
      return `${hex}>`;
    },
  };
}
