// Appends a content stream to pages, drawn over what they already show. The page's own content is
// wrapped in q ... Q, so a matrix, colour or opacity it leaves set cannot leak into what is drawn
// after it. Done by hand rather than through pdf-lib's page normalisation, which also gives every
// page empty /Annots, /XObject and /ExtGState entries that then have to be saved.
import pako from 'pako';
import { PDFArray, PDFName, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';

const CONTENTS = PDFName.of('Contents');

/**
 * Additions up to this size are stored uncompressed: JavaScript deflate costs far more than the
 * bytes it saves on a page of ordinary marks (a few kilobytes). Beyond it, typically a page of
 * handwriting, the file size wins and the fastest deflate level is used.
 */
const COMPRESS_FROM_BYTES = 32 * 1024;

export interface ContentAppender {
  /** Adds `content` as a new content stream at the end of the page's /Contents. */
  append(page: PDFPage, content: Uint8Array): void;
}

export function createContentAppender(doc: PDFDocument): ContentAppender {
  const { context } = doc;
  let wrappers: { open: PDFRef; close: PDFRef } | undefined;
  // Shared by every page: two tiny streams instead of two per page.
  const wrap = () =>
    (wrappers ??= { open: context.register(context.stream('q\n')), close: context.register(context.stream('Q\n')) });

  const streamOf = (content: Uint8Array) =>
    content.length < COMPRESS_FROM_BYTES
      ? context.stream(content)
      : context.stream(pako.deflate(content, { level: 1 }), { Filter: 'FlateDecode' });

  return {
    append(page, content) {
      const added = context.register(streamOf(content));
      const existing = page.node.get(CONTENTS);
      if (!existing) {
        page.node.set(CONTENTS, added);
        return;
      }
      const { open, close } = wrap();
      const resolved = context.lookup(existing);
      // A new array rather than the old one extended: pages may share a /Contents array.
      const original = resolved instanceof PDFArray ? resolved.asArray() : [existing];
      page.node.set(CONTENTS, context.obj([open, ...original, close, added]));
    },
  };
}
