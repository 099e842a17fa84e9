// A small valid PDF made large on purpose, for the landing page's "over 3 MB goes to IndexedDB" path:
// two Letter pages of text plus one unreferenced stream of random bytes, so its size cannot shrink
// through compression anywhere it is stored, and the editor still has only two light pages to render.
import { randomBytes } from 'node:crypto';

export function paddedPdf(minBytes: number): Buffer {
  const padding = randomBytes(minBytes);
  const page = (n: number) => `BT /F1 24 Tf 72 700 Td (Padded page ${n} of 2) Tj ET`;
  const objects: Buffer[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 2 /Kids [4 0 R 6 0 R] >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${page(1).length} >>\nstream\n${page(1)}\nendstream`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 7 0 R >>',
    `<< /Length ${page(2).length} >>\nstream\n${page(2)}\nendstream`,
  ].map((body) => Buffer.from(body, 'latin1'));
  objects.push(
    Buffer.concat([Buffer.from(`<< /Length ${padding.length} >>\nstream\n`, 'latin1'), padding, Buffer.from('\nendstream', 'latin1')]),
  );

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets = objects.map((body, i) => {
    const at = length;
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    length += chunk.length;
    return at;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
