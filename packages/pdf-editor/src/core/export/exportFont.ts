// The fonts an export draws with, as types only: what the text layout, the shaped-glyph font and
// the export context share. Apart from context.ts so the text modules (textBlock.ts, the lazily
// loaded complexLayout.ts) need not import the context that imports them.
import type { PdfDocumentWriter, PdfReference } from '../pdfObjectTypes';
import type { MeasurableFont, TextMetrics } from './textMetrics';

/** The family and emphasis a text is laid out in. */
export interface FontStyle {
  fontFamily: string;
  bold: boolean;
  italic: boolean;
}

/** A font the export draws with: a standard font or an embedded (subset) font file. */
export interface ExportFont {
  /** Its PostScript name, for messages. */
  readonly name: string;
  /** The font dictionary, for /Resources. */
  readonly ref: PdfReference;
  /** Widths, heights and encoding of text in the font. */
  readonly metrics: TextMetrics;
  /** Whether the font draws the code point. */
  covers(codePoint: number): boolean;
  /** The characters the caller gave this font for (a lazy fallback's claims): it draws them before any other font. */
  readonly claims?: (codePoint: number) => boolean;
  /**
   * Glyph-level access for shaped text: embedded fonts only (standard fonts draw no complex script).
   * @internal The export's own text layout uses it; not part of the package's API.
   */
  readonly glyphs?: GlyphAccess;
}

/** What drawing shaped glyphs (by glyph id rather than by character) needs of an embedded font. */
export interface GlyphAccess {
  /** The font file, for the shaper. */
  readonly file: Uint8Array;
  readonly unitsPerEm: number;
  /**
   * The PDF font shaped glyphs of this file are shown with, made by `create` on first use (the
   * factory comes with the shaper, so that it loads only with complex text); undefined for
   * CFF-outline fonts, whose runs are drawn unshaped.
   */
  shapedFont(create: ShapedFontFactory): ShapedFont | undefined;
}

export interface ShapedFont {
  /** The font resource shaped runs are drawn with. */
  readonly font: ExportFont;
  /** The code (a PDF hex string) showing `gid` that extracts as `text`, and its width in thousandths of the size. */
  glyphCode(gid: number, text: string): { hex: string; width: number };
  /** Writes the font's objects; call once, after the last glyph was shown. */
  finish(): void;
}

/** What the shaped-glyph font reads of an embedded font (the engine's embedded font has it). */
export interface ShapeableFont extends MeasurableFont {
  readonly program: { readonly unitsPerEm: number; readonly postScriptName: string | undefined; getAdvanceWidth(glyphId: number): number };
  readonly descriptor: {
    readonly flags: number;
    readonly fontBBox: readonly [number, number, number, number];
    readonly italicAngle: number;
    readonly ascent: number;
    readonly descent: number;
    readonly capHeight: number;
    readonly stemV: number;
  } | null;
  canEncode(text: string): boolean;
}

/** Makes the shaped-glyph font over a font file; undefined when it has no TrueType outlines to subset by glyph id. */
export type ShapedFontFactory = (doc: PdfDocumentWriter, embedded: ShapeableFont, file: Uint8Array) => ShapedFont | undefined;
