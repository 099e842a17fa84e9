// The ExportContext for one pdf-lib document: fonts embedded once and cached, images embedded
// once per distinct data, page-space mappings computed once per page, warnings routed to the caller.
import type { PDFDocument } from 'pdf-lib';
import { createPageSpace, type PageSpace } from '../geometry/pageSpace';
import type { ExportContext } from './context';
import { createFontSelector } from './fontSelection';
import { embedImageData, type EmbeddedImage } from './images';
import type { ExportFontOptions } from './options';

export interface ExportContextOptions {
  fonts?: ExportFontOptions;
  onWarning?: (message: string) => void;
}

/** The page's visible area (CropBox, which pdf-lib falls back to the MediaBox) and /Rotate. */
export function pageSpaceOf(doc: PDFDocument, pageIndex: number): PageSpace {
  const page = doc.getPage(pageIndex);
  const crop = page.getCropBox();
  return createPageSpace(
    { left: crop.x, bottom: crop.y, right: crop.x + crop.width, top: crop.y + crop.height },
    page.getRotation().angle,
  );
}

export function createExportContext(doc: PDFDocument, options: ExportContextOptions = {}): ExportContext {
  const warn = (message: string) => options.onWarning?.(message);
  const fonts = createFontSelector(doc, options.fonts ?? {}, warn);
  const pageSpaces = new Map<number, PageSpace>();
  const imagesByString = new Map<string, Promise<EmbeddedImage | undefined>>();
  const imagesByBytes = new WeakMap<Uint8Array, Promise<EmbeddedImage | undefined>>();

  const embed = (data: string | Uint8Array): Promise<EmbeddedImage | undefined> =>
    embedImageData(doc, data).catch((error: unknown) => {
      // The spec asks for this exact log line; the caller also hears about it.
      console.warn('Failed to embed image', error);
      warn(`Failed to embed image: ${error instanceof Error ? error.message : String(error)}; the image was skipped.`);
      return undefined;
    });

  return {
    fontFor: (text, style) => fonts.fontFor(text, style),
    drawableText: (text, font) => fonts.drawableText(text, font),
    textMetrics: (font) => fonts.metrics(font),
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
      if (!space) pageSpaces.set(pageIndex, (space = pageSpaceOf(doc, pageIndex)));
      return space;
    },
    warn,
  };
}
