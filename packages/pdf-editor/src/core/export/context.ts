// What the per-type writers (flattened drawing and native annotation objects) share during one
// export: fonts, embedded images and the page-space mapping. One context per exported document, so
// fonts and images are embedded once however many annotations use them.
import type { PageSpace } from '../geometry/pageSpace';
import type { EmbeddedImage } from './images';
import type { FontStyle } from './exportFont';
import type { TextBlock } from './textBlock';

export type { ExportFont, FontStyle, GlyphAccess } from './exportFont';

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
