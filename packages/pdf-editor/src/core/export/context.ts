// What the per-type writers (flattened drawing and native annotation objects) share during one
// export: fonts, embedded images and the page-space mapping. One context per exported document, so
// fonts and images are embedded once however many annotations use them.
import type { PdfRef } from '@libpdf/core';
import type { PageSpace } from '../geometry/pageSpace';
import type { EmbeddedImage } from './images';
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
  readonly ref: PdfRef;
  /** Widths, heights and encoding of text in the font. */
  readonly metrics: TextMetrics;
  /** Whether the font draws the code point. */
  covers(codePoint: number): boolean;
}

export interface ExportContext {
  /**
   * A font that can draw `text`: the standard font matching the family when the text is
   * WinAnsi-encodable, otherwise the embedded (subset) Unicode font shipped with the package.
   */
  fontFor(text: string, style: FontStyle): Promise<ExportFont>;
  /**
   * `text` as `font` draws it (tabs as spaces, control and unsupported invisible characters
   * dropped); throws UnsupportedCharactersError listing the visible characters `font` lacks.
   */
  drawableText(text: string, font: ExportFont): string;
  /** The embedded image for a data URL or bytes; rejects with "Failed to embed image: ..." when it cannot be. */
  embedImage(imageData: string | Uint8Array): Promise<EmbeddedImage>;
  /** Mapping between display space and PDF space for the 0-based page index. */
  pageSpace(pageIndex: number): PageSpace;
  /** Reports a non-fatal problem (an annotation skipped). */
  warn(message: string): void;
}
