// Appends a content stream to pages, drawn over what they already show. The page's own content is
// wrapped in q ... Q first (once per page), so a matrix, colour or opacity it leaves set cannot leak
// into what is drawn after it. Done by hand rather than through pdf-lib's page normalisation, which
// also gives every page empty /Annots, /XObject and /ExtGState entries that then have to be saved.
import { PDFArray, PDFName, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';

const CONTENTS = PDFName.of('Contents');
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

export interface ContentAppender {
  /** Adds `content` as a new, uncompressed content stream at the end of the page's /Contents. */
  append(page: PDFPage, content: Uint8Array): void;
}

export function createContentAppender(doc: PDFDocument): ContentAppender {
  const { context } = doc;
  let wrappers: { open: PDFRef; close: PDFRef } | undefined;
  // Shared by every page: two tiny streams instead of two per page.
  const wrap = () =>
    (wrappers ??= {
      open: context.register(context.stream(ascii('q\n'))),
      close: context.register(context.stream(ascii('Q\n'))),
    });

  return {
    append(page, content) {
      // Uncompressed: pdf-lib's JavaScript deflate would cost more than drawing everything, and
      // the operators are small next to the pages they are drawn on.
      const added = context.register(context.stream(content));
      const existing = page.node.get(CONTENTS);
      const resolved = existing && context.lookup(existing);
      if (!existing) {
        page.node.set(CONTENTS, added);
      } else if (resolved instanceof PDFArray) {
        const { open, close } = wrap();
        resolved.insert(0, open);
        resolved.push(close);
        resolved.push(added);
      } else {
        const { open, close } = wrap();
        page.node.set(CONTENTS, context.obj([open, existing, close, added]));
      }
    },
  };
}
