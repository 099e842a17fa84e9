// Hostile inputs for the PDF worker's limits, generated in the test (never stored): decompression
// bombs (a PDF whose Flate stream inflates to gigabytes, a PNG declaring 20000 x 20000 pixels) and
// a deterministic family of malformed PDFs (random bytes after a header, truncations, page-tree
// and outline loops, deep nesting, broken cross-reference tables and object streams, huge
// declared sizes). Bombs are deflated chunk by chunk, so building one never holds its decoded size.
import { createDeflate, deflateSync } from 'node:zlib';
import { rgbPng } from './fixtures';

/** Deflates `total` zero bytes without ever allocating them (zlib format, as PDF and PNG use). */
export async function deflatedZeros(total: number, chunk = 16 * 1024 * 1024): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const zeros = Buffer.alloc(chunk);
  for (let written = 0; written < total; written += chunk) {
    const piece = zeros.subarray(0, Math.min(chunk, total - written));
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

/**
 * A PDF built from the bodies of objects 1..n (`1 0 obj` … `endobj` added here), with a correct
 * cross-reference table and trailer whose /Root is object 1 unless `trailer` says otherwise.
 */
export function pdfFromObjects(objects: Array<string | Buffer>, trailer = '/Root 1 0 R'): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object body: the dictionary entries `dict` plus /Length, then the data. */
export function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const PAGE_TREE = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'];

/** A one-page PDF whose page content is a Flate stream that inflates to `decodedBytes` (about 1 MB per GB). */
export async function flateBombPdf(decodedBytes = 2 * 1024 ** 3): Promise<Buffer> {
  return pdfFromObjects([
    ...PAGE_TREE,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    streamObject('/Filter /FlateDecode', await deflatedZeros(decodedBytes)),
  ]);
}

/** A valid black RGB PNG of `width` x `height` (20000 x 20000 is about 1.2 MB, 1.6 GB decoded). */
export async function bigPng(width = 20_000, height = 20_000): Promise<Buffer> {
  // Every row is a filter byte (0) and zero pixels, so the pixel data is all zeros.
  return rgbPng(width, height, await deflatedZeros((1 + width * 3) * height));
}

/** A small valid three-page PDF, byte for byte the same on every run (the base that hostile files distort). */
export function plainPdf(): Buffer {
  const pages = [3, 4, 5].map(
    (page) =>
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${page + 3} 0 R /Resources << /Font << /F1 9 0 R >> >> >>`,
  );
  const contents = [1, 2, 3].map((page) =>
    streamObject(
      '/Filter /FlateDecode',
      deflateSync(Buffer.from(`BT /F1 18 Tf 72 700 Td (Marginalia test page ${page}) Tj ET`, 'latin1')),
    ),
  );
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>',
    ...pages,
    ...contents,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** mulberry32: a tiny seeded PRNG, so the hostile set is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HostileFile {
  family: string;
  bytes: Buffer;
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

function randomBytesFrom(random: () => number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index += 1) bytes[index] = Math.floor(random() * 256);
  return bytes;
}

const HUGE = ['2147483647', '4294967296', '99999999999999999999', '-1', '1e308', '9007199254740993'];

/** The families of malformed PDFs; each builds one file from the PRNG. */
const FAMILIES: Record<string, (random: () => number, valid: Buffer) => Buffer> = {
  randomAfterHeader: (random) =>
    Buffer.concat([
      Buffer.from('%PDF-1.7\n', 'latin1'),
      randomBytesFrom(random, 16 + Math.floor(random() * 2000)),
    ]),
  truncated: (random, valid) => valid.subarray(0, 8 + Math.floor(random() * (valid.length - 8))),
  bitFlipped: (random, valid) => {
    const bytes = Buffer.from(valid);
    for (let flips = 1 + Math.floor(random() * 8); flips > 0; flips -= 1) {
      bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
    }
    return bytes;
  },
  pageTreeLoop: (random) => {
    const kids = pick(random, ['[2 0 R]', '[3 0 R]', '[3 0 R 2 0 R]', '[1 0 R]']);
    return pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids ${kids} /Count ${pick(random, ['1', '2', '1000000'])} >>`,
      `<< /Type /Pages /Parent 2 0 R /Kids ${pick(random, ['[2 0 R]', '[3 0 R]', '[4 0 R 2 0 R]'])} /Count 1 >>`,
      '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] >>',
    ]);
  },
  outlineLoop: (random) =>
    pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
      streamObject('', Buffer.from('BT /F1 12 Tf 72 700 Td (x) Tj ET')),
      `<< /Type /Outlines /First 6 0 R /Last 7 0 R /Count ${pick(random, ['2', '-3', HUGE[0] as string])} >>`,
      `<< /Title (a) /Parent 5 0 R /Next 7 0 R /Prev 7 0 R /First ${pick(random, ['6 0 R', '7 0 R', '5 0 R'])} >>`,
      '<< /Title (b) /Parent 5 0 R /Next 6 0 R /Prev 6 0 R /Dest [3 0 R /Fit] >>',
    ]),
  deepNesting: (random) => {
    const depth = 1000 + Math.floor(random() * 60_000);
    const [open, close] = pick(random, [
      ['[', ']'],
      ['<< /A ', ' >>'],
      ['[<< /K ', ' >>]'],
    ] as const);
    const nested = `${open.repeat(depth)}0${random() < 0.5 ? close.repeat(depth) : ''}`;
    return pdfFromObjects([
      `<< /Type /Catalog /Pages 2 0 R /Deep ${nested} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ]);
  },
  brokenXref: (random, valid) => {
    const text = valid.toString('latin1');
    const start = text.lastIndexOf('startxref');
    const variants = [
      () => `${text.slice(0, start)}startxref\n${pick(random, HUGE)}\n%%EOF\n`,
      () => text.replace(/xref\n0 (\d+)/, `xref\n0 ${pick(random, HUGE)}`),
      () =>
        text.replace(/\d{10} 00000 n/g, (entry) =>
          random() < 0.5 ? String(Math.floor(random() * 1e10)).padStart(10, '0') + ' 00000 n' : entry,
        ),
      () => `${text.slice(0, start)}startxref\n${Math.floor(random() * text.length)}\n%%EOF\n`,
    ];
    return Buffer.from(pick(random, variants)(), 'latin1');
  },
  brokenObjectStream: (random) => {
    const inner =
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >> << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>';
    const header = pick(random, ['2 0 3 45', `2 ${pick(random, HUGE)} 3 45`, '2 0 2 0', 'x y z', '']);
    const data = `${header} ${inner}`;
    const compressed =
      random() < 0.5 ? deflateSync(Buffer.from(data, 'latin1')) : randomBytesFrom(random, 200);
    const first = pick(random, [String(header.length + 1), '0', HUGE[1] as string, '-5']);
    const n = pick(random, ['2', '0', HUGE[0] as string]);
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      streamObject(`/Type /ObjStm /N ${n} /First ${first} /Filter /FlateDecode`, compressed),
    ];
    // The cross-reference stream says objects 2 and 3 live in the object stream (object 2 here).
    const rows = Buffer.from([1, 0, 0, 2, 0, 0, 0, 2, 0, 2, 0, 0, 2, 1, 0]);
    objects.push(streamObject(`/Type /XRef /Size 4 /W [1 2 2] /Root 1 0 R`, rows));
    return pdfFromObjects(objects);
  },
  hugeDeclared: (random) => {
    const huge = pick(random, HUGE);
    return pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [3 0 R] /Count ${huge} >>`,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${huge} ${huge}] /Contents 4 0 R /Rotate ${huge} >>`,
      Buffer.concat([
        Buffer.from(
          `<< /Length ${huge} /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns ${huge} /Colors ${huge} >> >>\nstream\n`,
          'latin1',
        ),
        deflateSync(randomBytesFrom(random, 64)),
        Buffer.from('\nendstream', 'latin1'),
      ]),
    ]);
  },
};

/** `count` malformed PDFs spread over every family, the same ones for the same seed. */
export function hostilePdfs(count: number, valid: Buffer, seed = 10): HostileFile[] {
  const random = seededRandom(seed);
  const families = Object.keys(FAMILIES);
  return Array.from({ length: count }, (_, index) => {
    const family = families[index % families.length] as string;
    return {
      family,
      bytes: (FAMILIES[family] as (random: () => number, valid: Buffer) => Buffer)(random, valid),
    };
  });
}
