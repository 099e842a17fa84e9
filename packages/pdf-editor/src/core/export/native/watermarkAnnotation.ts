// The free-version watermark in native mode. Viewers paint annotations above the page's content,
// so a watermark drawn into the content would be hidden by an image annotation over it; instead it
// is a /Watermark annotation (PDF 1.6, 12.5.6.22) added last to the page's /Annots, which viewers
// paint after, and so over, every other annotation. Its appearance is the very drawing the
// flattened export puts into the content, over the whole displayed page.
import { PdfDict, type PDF } from '../../pdf/engine';
import { parseHexColor } from '../../pdf/color';
import { pdfDict, pdfStream } from '../../pdf/objects';
import type { ExportContext } from '../context';
import { ContentBuilder } from '../flatten/contentBuilder';
import { createCanvas } from '../flatten/frame';
import { createResourceRegistry } from '../flatten/pageResources';
import type { WatermarkPainter } from '../watermark';
import { addToPage } from '../../pdf/objectWriter';

/** /F: Print (4), ReadOnly (64) and Locked (128): it prints, and no viewer lets it be edited, moved or deleted. */
const WATERMARK_FLAGS = 4 | 64 | 128;

/**
 * Appends a /Watermark annotation painted by `paint` to the /Annots of each 0-based page in
 * `pageIndexes`. Call it after every other annotation has been written, so it comes last. Pages
 * too narrow for the watermark get none.
 */
export function addWatermarkAnnotations(doc: PDF, pageIndexes: Iterable<number>, paint: WatermarkPainter, context: ExportContext): void {
  const registry = createResourceRegistry(doc);
  for (const pageIndex of pageIndexes) {
    const page = doc.getPage(pageIndex);
    if (!page) throw new RangeError(`The document has no page ${pageIndex + 1}.`);
    const space = context.pageSpace(pageIndex);
    const { left, bottom, right, top } = space.box;
    const resources = new PdfDict();
    // The form's box starts at the origin and maps one to one onto /Rect (see appearance.ts).
    const content = new ContentBuilder().transform(1, 0, 0, 1, -left, -bottom);
    const canvas = createCanvas(space, content, registry.forDictionary(resources), parseHexColor);
    if (!paint(canvas)) continue;
    const form = pdfStream(
      { Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [0, 0, right - left, top - bottom], Matrix: [1, 0, 0, 1, 0, 0], Resources: resources },
      content.restore().bytes(),
    );
    const annotation = pdfDict({
      Type: 'Annot',
      Subtype: 'Watermark',
      Rect: [left, bottom, right, top],
      F: WATERMARK_FLAGS,
      P: page.ref,
      AP: { N: doc.register(form) },
    });
    addToPage(doc, page, doc.register(annotation));
  }
}
