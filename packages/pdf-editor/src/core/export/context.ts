// What the per-type writers (flattened drawing and native annotation objects) share during one
// export: fonts, embedded images and the page-space mapping. One context per exported document, so
// fonts and images are embedded once however many annotations use them.
import type { PDFFont } from 'pdf-lib';
import type { PageSpace } from '../geometry/pageSpace';
import type { EmbeddedImage } from './images';
import type { TextMetrics } from './textMetrics';

export interface FontStyle {
  fontFamily: string;
  bold: boolean;
  italic: boolean;
}

export interface ExportContext {
  /**
   * A font that can draw `text`: the standard font matching the family when the text is
   * WinAnsi-encodable, otherwise the embedded (subset) Unicode font shipped with the package.
   */
  fontFor(text: string, style: FontStyle): Promise<PDFFont>;
  /**
   * `text` with characters no available font can draw replaced by U+FFFD, reporting each
   * replacement through `warn`, so nothing vanishes silently.
   */
  drawableText(text: string, font: PDFFont): string;
  /** Widths, heights and encoding of text in `font`, cached where the font allows. */
  textMetrics(font: PDFFont): TextMetrics;
  /** The embedded image for a data URL or bytes; undefined (and "Failed to embed image" logged) on failure. */
  embedImage(imageData: string | Uint8Array): Promise<EmbeddedImage | undefined>;
  /** Mapping between display space and PDF space for the 0-based page index. */
  pageSpace(pageIndex: number): PageSpace;
  /** Reports a non-fatal problem (an annotation skipped, a glyph replaced). */
  warn(message: string): void;
}
