// Small PDFs written byte by byte in tests, for structures no tool writes on purpose (a trailer
// /Size too small, a broken catalog, a page-tree loop, garbage before the header), so the tests
// that need them run without ../shared/pdfs.

export interface HandmadePdfOptions {
  /** The trailer's /Size; default: one more than the largest object number, as the format wants. */
  size?: number;
  /** The trailer's /Root; default `1 0 R`. */
  root?: string;
  /** Written before `%PDF-` (offsets in the xref count from the file's first byte, as readers expect). */
  before?: string;
}

/**
 * A PDF whose object `n` is `objects[n - 1]` (a dictionary, or a dictionary followed by
 * `stream ... endstream`), with a correct xref table, as latin1 bytes.
 */
export function handmadePdf(objects: readonly string[], options: HandmadePdfOptions = {}): Uint8Array {
  let body = `${options.before ?? ''}%PDF-1.4\n%\xe2\xe3\xcf\xd3\n`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${options.size ?? objects.length + 1} /Root ${options.root ?? '1 0 R'} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(body, (character) => character.charCodeAt(0));
}

/** A stream object's text: `dict` entries and `data`, with /Length. */
export function streamObject(entries: string, data: string): string {
  return `<< ${entries} /Length ${data.length} >>\nstream\n${data}\nendstream`;
}

/** A PDF of `count` pages of 200 x 200, each drawing a filled square (objects: catalog, tree, then page and content pairs). */
export function pagesPdf(count: number, options: HandmadePdfOptions = {}): Uint8Array {
  const kids = Array.from({ length: count }, (_, index) => `${3 + index * 2} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`];
  for (let index = 0; index < count; index++) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${4 + index * 2} 0 R /Resources << >> >>`);
    objects.push(streamObject('', `0 0 1 rg ${20 + index} 20 100 100 re f`));
  }
  return handmadePdf(objects, options);
}
