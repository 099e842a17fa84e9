// Appends a content stream to pages, drawn over what they already show. The page's own content is
// wrapped in q ... Q, so a matrix, colour or opacity it leaves set cannot leak into what is drawn
// after it. Only the page dictionary changes (its /Contents array); the page's existing streams are
// referenced as they are, so an incremental save rewrites none of them.
import { PdfArray, type PDF, type PDFPage, type PdfRef } from '../../pdf/engine';
import { engineObjects, engineRef, type ObjectSink } from '../../pdf/objectWriter';
import { resolved } from '../../pdf/pageAttributes';

export interface ContentAppender {
  /** Adds `content` as a new content stream at the end of the page's /Contents. */
  append(page: PDFPage, content: Uint8Array): void;
}

/** Appends to `doc`'s pages, the new streams going to `objects` (by default registered with the engine). */
export function createContentAppender(doc: PDF, objects: ObjectSink = engineObjects(doc)): ContentAppender {
  let wrappers: { open: PdfRef; close: PdfRef } | undefined;
  const stream = (data: string | Uint8Array): PdfRef => engineRef(objects.add({}, data));
  // Shared by every page: two tiny streams instead of two per page.
  const wrap = () => (wrappers ??= { open: stream('q\n'), close: stream('Q\n') });

  return {
    append(page, content) {
      // Compressed on save only when large (see COMPRESS_FROM_BYTES in exportPdf).
      const added = stream(content);
      const existing = page.dict.get('Contents');
      const original = resolved(doc, existing);
      // A page without content, or whose /Contents points at nothing: the addition is all it shows.
      if (!existing || original === undefined) {
        page.dict.set('Contents', added);
        return;
      }
      const { open, close } = wrap();
      // A new array rather than the old one extended: pages may share a /Contents array.
      const streams = original instanceof PdfArray ? original.toArray() : [existing];
      page.dict.set('Contents', new PdfArray([open, ...streams, close, added]));
    },
  };
}
