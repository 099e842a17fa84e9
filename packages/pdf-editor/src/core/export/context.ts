// What the per-type writers (flattened drawing and native annotation objects) share during one
// export: fonts, embedded images and the page-space mapping. One context per exported document, so
// fonts and images are embedded once however many annotations use them.
import type { PageSpace } from '../geometry/pageSpace';
import type { PdfReference } from '../pdfObjectTypes';
import type { EmbeddedImage } from './images';
import type { ShapedFont, ShapedFontFactory } from './shapedFont';
import type { TextBlock } from './textBlock';
import type { TextMetrics } from './textMetrics';

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
  /** Glyph-level access for shaped text: embedded fonts only (standard fonts draw no complex script). */
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

/** What a kind's drawing and writing share during one export: fonts, text layout, images, page spaces. */
export interface ExportContext {
  /**
   * `text` laid out in lines of runs, each run in a font that draws it: the standard font matching
   * the family when the whole text is WinAnsi-encodable, otherwise embedded (subset) fonts, right-
   * to-left runs ordered and complex scripts shaped. Throws UnsupportedCharactersError listing the
   * visible characters no font draws, FontLoadError when a needed font cannot be loaded.
   */
  layoutText(text: string, style: FontStyle): Promise<TextBlock>;
  /** The embedded image for a data URL or bytes; rejects with "Failed to embed image: ..." when it cannot be. */
  embedImage(imageData: string | Uint8Array): Promise<EmbeddedImage>;
  /** Mapping between display space and PDF space for the 0-based page index. */
  pageSpace(pageIndex: number): PageSpace;
  /** Reports a non-fatal problem (an annotation skipped). */
  warn(message: string): void;
  /** Writes what only the end of the export knows (the glyphs shaped text used); call before saving. */
  finish(): void;
}
