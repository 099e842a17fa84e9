// The ExportContext for one document: fonts embedded once and cached, images embedded once per
// distinct data (a failure rejects), page-space mappings computed once per page, warnings routed
// to the caller.
import type { PDF, PDFPage } from '../pdf/engine';
import type { PageSpace } from '../geometry/pageSpace';
import type { ObjectSink } from '../pdf/objectWriter';
import { pageSpaceOf } from '../pdf/pageAttributes';
import type { ExportContext, FontStyle } from './context';
import { createFontSelector } from './fontSelection';
import { embedImageData, type EmbeddedImage } from './images';
import type { ExportFontOptions } from './options';
import { layoutTextBlock, type TextBlock } from './textBlock';

export interface ExportContextOptions {
  fonts?: ExportFontOptions;
  onWarning?: (message: string) => void;
  /** The page of a 0-based index, when the document's own page list does not number them all. */
  pageAt?: (pageIndex: number) => PDFPage | undefined;
  /**
   * Where the export's new objects go, standard fonts' dictionaries included; by default the
   * engine's registry. Embedded fonts and images stay the engine's, which subsets and encodes them.
   */
  objects?: ObjectSink;
}

export function createExportContext(doc: PDF, options: ExportContextOptions = {}): ExportContext {
  const warn = (message: string) => options.onWarning?.(message);
  const fonts = createFontSelector(doc, options.fonts ?? {}, options.objects);
  const pageSpaces = new Map<number, PageSpace>();
  const imagesByString = new Map<string, Promise<EmbeddedImage>>();
  const imagesByBytes = new WeakMap<Uint8Array, Promise<EmbeddedImage>>();

  // A failure is the annotation's, not cosmetic: the writer that asked turns it into
  // AnnotationExportError naming the annotation, so no image vanishes from the output silently.
  const embed = (data: string | Uint8Array): Promise<EmbeddedImage> =>
    embedImageData(doc, data).catch((error: unknown) => {
      throw new Error(`Failed to embed image: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });

  // The native export asks for a text box's layout twice in a row, for its /Rect and for its
  // appearance: the last layout answers the second ask.
  let last: { text: string; style: FontStyle; block: Promise<TextBlock> } | undefined;
  const layout = async (text: string, style: FontStyle) => layoutTextBlock(text, await fonts.fontsFor(text, style));

  return {
    layoutText(text, style) {
      const { fontFamily, bold, italic } = style;
      if (last?.text === text && last.style.fontFamily === fontFamily && last.style.bold === bold && last.style.italic === italic) {
        return last.block;
      }
      last = { text, style: { fontFamily, bold, italic }, block: layout(text, style) };
      return last.block;
    },
    embedImage(imageData) {
      if (typeof imageData === 'string') {
        let pending = imagesByString.get(imageData);
        if (!pending) imagesByString.set(imageData, (pending = embed(imageData)));
        return pending;
      }
      let pending = imagesByBytes.get(imageData);
      if (!pending) imagesByBytes.set(imageData, (pending = embed(imageData)));
      return pending;
    },
    pageSpace(pageIndex) {
      let space = pageSpaces.get(pageIndex);
      if (space) return space;
      const page = options.pageAt ? (options.pageAt(pageIndex) ?? null) : doc.getPage(pageIndex);
      pageSpaces.set(pageIndex, (space = pageSpaceOf(doc, pageIndex, page)));
      return space;
    },
    warn,
    finish: () => fonts.finish(),
  };
}
