// The options `exportPdf` accepts. Kept apart so the context and the writers can share the font
// option types without importing the entry point.

/** Raw bytes of a TrueType or OpenType font file. */
export type FontBytes = Uint8Array | ArrayBuffer;

/** One font file per face; a missing face falls back to `regular`. */
export interface FontFaces {
  regular: FontBytes;
  bold?: FontBytes;
  italic?: FontBytes;
  boldItalic?: FontBytes;
}

/** Fonts `exportPdf` may embed for text the standard PDF fonts cannot draw. */
export interface ExportFontOptions {
  /**
   * Font for text the standard PDF fonts cannot encode (anything outside WinAnsi: Greek, Cyrillic,
   * Central European Latin, CJK, ...). Replaces the bundled DejaVu Sans. One file is used for
   * every face; pass `FontFaces` to give bold and italic faces too.
   */
  unicode?: FontBytes | FontFaces;
  /**
   * Further fonts, e.g. Noto Sans for Chinese, Japanese, Korean, Arabic or Hebrew. Give bytes, or a
   * `LazyFont` whose file is loaded only when a text needs it. A lazy font draws the characters it
   * claims; otherwise each character goes to the first font chosen for the text that has it (as
   * few fonts as cover the text), so a text mixing scripts is drawn run by run.
   */
  fallbacks?: readonly (FontBytes | LazyFont)[];
}

/** Code points as inclusive `[first, last]` ranges, e.g. `[[0x4e00, 0x9fff]]` for CJK ideographs. */
export type CodePointRanges = readonly (readonly [number, number])[];

/**
 * A fallback font loaded on demand: `load` is called at most once per export, and only when a text
 * has characters `covers` claims (see `SCRIPT_RANGES`) or characters no font tried so far draws.
 * ASCII need not be listed. What the loaded file actually has decides what is drawn with it.
 */
export interface LazyFont {
  /** The characters the font is for: a test per code point or code point ranges. */
  covers: ((codePoint: number) => boolean) | CodePointRanges;
  /** Resolves to the TrueType or OpenType file (`.ttf`/`.otf`; not WOFF). */
  load: () => Promise<FontBytes>;
  /** Its name in error messages; default "fallback font N". */
  name?: string;
}

/** The free-version watermark's settings. */
export interface WatermarkOptions {
  /** Default "Marginalia - Free Version". */
  text?: string;
}

/** How `exportPdf` writes annotations and what it reports. */
export interface ExportOptions {
  /**
   * 'flatten' (default) draws the annotations into the page content, so every viewer shows them
   * and nobody can edit them; 'native' writes them as PDF annotation objects, editable later.
   */
  mode?: 'flatten' | 'native';
  /** The free-version watermark, drawn only on pages that carry an annotation. Default off. */
  watermark?: boolean | WatermarkOptions;
  /** Non-fatal problems: skipped annotations, images that failed to embed, replaced glyphs. */
  onWarning?: (message: string) => void;
  /** Fonts for text outside WinAnsi; without it the bundled DejaVu Sans is used. */
  fonts?: ExportFontOptions;
  /**
   * The password of a file that needs one to open (its user or owner password). Files encrypted
   * with an empty user password need none. The output stays encrypted the same way.
   */
  password?: string;
  /**
   * false rewrites the whole file (dropping earlier revisions and unused objects) instead of
   * appending an incremental update to the original bytes. Default true; a file that had to be
   * repaired to be read is always rewritten.
   */
  incremental?: boolean;
}

/** What `exportPdfWithReport` returns. */
export interface ExportResult {
  /** The exported file. */
  bytes: Uint8Array;
  /**
   * true when the original bytes are kept unchanged at the start of `bytes` and the changes were
   * appended (existing signatures stay valid); false when the file was written anew.
   */
  incremental: boolean;
  /**
   * 'touched' when only the pages that received annotations were read and written (the fast
   * path of an incremental export, flattened or native without watermark, whose cost follows the
   * edit, not the file); 'all' when the whole document was opened.
   */
  pagesRead: 'touched' | 'all';
}
