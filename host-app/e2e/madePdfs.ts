// PDFs the journeys make themselves, so the journeys that matter (open, draw, save, export, the tools)
// run in a fresh clone without ../shared/pdfs. Each stand-in keeps the name and page layout of the real
// file it replaces (sizes.pdf: three pages of three sizes; tracemonkey.pdf: fourteen Letter pages of
// text; habibi-rotated.pdf: four A4 pages turned 90, 180, 270 and 0 degrees), so what a journey asserts
// about names and page counts holds for both. Every page carries its own line of text, so a split or a
// merge can be checked with pdftotext.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface MadePage {
  width: number;
  height: number;
  rotate?: 0 | 90 | 180 | 270;
  text: string;
}

const LETTER = { width: 612, height: 792 };
const A4 = { width: 595.276, height: 841.89 };

/** A PDF of Helvetica text pages, plus an unreferenced stream of `padding` random bytes when asked. */
export function writePdf(pages: readonly MadePage[], padding = 0): Buffer {
  const fontId = 3;
  // Page n (from 0) is object 4 + 2n and its content stream the object after it.
  const pageIds = pages.map((_, index) => 4 + index * 2);
  const objects: Buffer[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages.length} /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ].map((body) => Buffer.from(body, 'latin1'));
  pages.forEach((page, index) => {
    // Near the foot of the page: journeys draw and write their notes near the top.
    const content = `BT /F1 14 Tf 72 40 Td (${page.text}) Tj ET`;
    const rotate = page.rotate ? ` /Rotate ${page.rotate}` : '';
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}]${rotate} ` +
          `/Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${5 + index * 2} 0 R >>`,
        'latin1',
      ),
      Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`, 'latin1'),
    );
  });
  if (padding > 0) {
    // Random bytes, so the file's size cannot shrink through compression anywhere it is stored.
    objects.push(
      Buffer.concat([Buffer.from(`<< /Length ${padding} >>\nstream\n`, 'latin1'), randomBytes(padding), Buffer.from('\nendstream', 'latin1')]),
    );
  }

  return serialize(objects);
}

/** `objects` (object n is `objects[n - 1]`, object 1 the catalog) as a PDF file with a cross-reference table. */
function serialize(objects: readonly Buffer[]): Buffer {
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


/**
 * Pages of prose: each entry's sentences, one a line, in 11 pt Helvetica from the top of a Letter
 * page, for what reads a document's sentences (the summary) where no real PDF is at hand.
 */
export function prosePdf(pages: readonly (readonly string[])[]): Buffer {
  const pageIds = pages.map((_, index) => 4 + index * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages.length} /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((lines, index) => {
    const content = lines.map((line, at) => `BT /F1 11 Tf 72 ${720 - at * 16} Td (${line}) Tj ET`).join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });
  return serialize(objects.map((body) => Buffer.from(body, 'latin1')));
}

/**
 * A scanned page: `lines` of 24 pt Helvetica on a Letter page, rendered by pdftoppm at 150 dpi as a
 * JPEG, wrapped as the only thing on an image-only page. It holds no text until recognised.
 */
export function scannedPdf(lines: readonly string[]): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'marginalia-scan-'));
  const text = lines.map((line, at) => `BT /F1 24 Tf 72 ${700 - at * 40} Td (${line}) Tj ET`).join('\n');
  writeFileSync(
    join(folder, 'text.pdf'),
    serialize(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Count 1 /Kids [4 0 R] >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
        `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
      ].map((body) => Buffer.from(body, 'latin1')),
    ),
  );
  const rendered = spawnSync('pdftoppm', ['-r', '150', '-jpeg', '-singlefile', join(folder, 'text.pdf'), join(folder, 'scan')], { encoding: 'utf8' });
  if (rendered.status !== 0) throw new Error(`pdftoppm failed: ${rendered.stderr}`);
  const jpeg = readFileSync(join(folder, 'scan.jpg'));
  // 612 x 792 points at 150 dpi.
  const [width, height] = [1275, 1650];
  const drawing = 'q 612 0 0 792 0 0 cm /Scan Do Q';
  return serialize([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Count 1 /Kids [3 0 R] >>', 'latin1'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Scan 4 0 R >> >> /Contents 5 0 R >>', 'latin1'),
    Buffer.concat([
      Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`, 'latin1'),
      jpeg,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    Buffer.from(`<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`, 'latin1'),
  ]);
}

/**
 * A small valid PDF made large on purpose, for the "over 3 MB goes to IndexedDB" and "over 10 MB is
 * refused" paths: two Letter pages of text plus padding, so the editor has only two light pages to render.
 */
export function paddedPdf(minBytes: number): Buffer {
  return writePdf(
    [1, 2].map((n) => ({ ...LETTER, text: `Padded page ${n} of 2` })),
    minBytes,
  );
}


/**
 * A one-page form: a text field "applicant" (tooltip "Applicant name", 12 pt Helvetica) and a check
 * box "agree" (on state /Yes), as an authoring tool writes them: the fields are their widgets,
 * listed by the page and by the AcroForm, with the fonts their appearances name in /DR.
 */
function formPdf(): Buffer {
  const text = 'BT /F1 14 Tf 72 40 Td (Application form) Tj ET';
  const yes = '0 g 4 4 10 10 re f';
  const stream = (body: string, dict = '') => Buffer.from(`<< /Length ${body.length}${dict} >>\nstream\n${body}\nendstream`, 'latin1');
  const box = ' /Type /XObject /Subtype /Form /BBox [0 0 18 18]';
  return serialize([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R /AcroForm 6 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Count 1 /Kids [4 0 R] >>', 'latin1'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>', 'latin1'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R /Annots [7 0 R 8 0 R] >>', 'latin1'),
    stream(text),
    Buffer.from('<< /Fields [7 0 R 8 0 R] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 3 0 R /ZaDb 11 0 R >> >> >>', 'latin1'),
    Buffer.from('<< /Type /Annot /Subtype /Widget /FT /Tx /T (applicant) /TU (Applicant name) /Rect [72 680 312 704] /P 4 0 R /F 4 /DA (/Helv 12 Tf 0 g) /V () >>', 'latin1'),
    Buffer.from('<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree) /Rect [72 640 90 658] /P 4 0 R /F 4 /V /Off /AS /Off /DA (/ZaDb 0 Tf 0 g) /MK << /CA (4) >> /AP << /N << /Yes 9 0 R /Off 10 0 R >> >> >>', 'latin1'),
    stream(yes, box),
    stream('', box),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>', 'latin1'),
  ]);
}

const pagesOf = (count: number, size: { width: number; height: number }, label: string): MadePage[] =>
  Array.from({ length: count }, (_, index) => ({ ...size, text: `${label} page ${index + 1} of ${count}` }));

const MADE = {
  'sizes.pdf': () =>
    writePdf([
      { ...LETTER, text: 'Sizes page 1: Letter portrait' },
      { width: 649, height: 323, text: 'Sizes page 2: a wide strip' },
      { width: 792, height: 612, text: 'Sizes page 3: Letter landscape' },
    ]),
  'tracemonkey.pdf': () => writePdf(pagesOf(14, LETTER, 'Trace trees')),
  'habibi-rotated.pdf': () =>
    writePdf(([90, 180, 270, 0] as const).map((rotate, index) => ({ ...A4, rotate, text: `Turned page ${index + 1}, ${rotate} degrees` }))),
  'notes.pdf': () => writePdf(pagesOf(2, A4, 'Notes')),
  'application-form.pdf': formPdf,
  // Starts like a PDF and has no body, cross-reference or trailer: no reader can open it.
  'unreadable.pdf': () => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R\n', 'latin1'),
} satisfies Record<string, () => Buffer>;

export type MadePdfName = keyof typeof MADE | 'password-protected.pdf';

let folder: string | undefined;

/**
 * The path of a made PDF, written once per test process. `password-protected.pdf` is sizes.pdf
 * encrypted by qpdf (AES-256, user password "secret").
 */
export function madePdf(name: MadePdfName): string {
  folder ??= mkdtempSync(join(tmpdir(), 'marginalia-made-pdfs-'));
  const path = join(folder, name);
  if (existsSync(path)) return path;
  if (name === 'password-protected.pdf') {
    const result = spawnSync('qpdf', ['--encrypt', 'secret', 'owner-secret', '256', '--', madePdf('sizes.pdf'), path], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`qpdf could not encrypt the made PDF: ${result.stderr}`);
    return path;
  }
  writeFileSync(path, MADE[name]());
  return path;
}
