// Text recognition as a reader of the result sees it: a page of known text is printed to a PDF,
// scanned (pdftoppm at 300 dpi, a slight skew, JPEG, an image-only PDF), recognised once, and the
// output is read by poppler and pdf.js, rendered by pdftoppm and compared byte for byte with the
// input. Recognition takes seconds a page, so one page is recognised for all the checks.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../bench/scannedPdf.mjs';
import { InvalidInputError, OcrLanguageError, OcrPageError, PageRangeError, PdfInvalidError } from '../errors';
import { mergePdfs } from '../pages/pageOperations';
import { PDF } from '../pdf/engine';
import { pdfText } from '../../test-support/pdfTools';
import { findPagesWithoutText, recognizeText } from './index';

const LINES = [
  'The quick brown fox jumps over the lazy dog near',
  'the river bank while seven wizards quietly judge',
  'boxing matches under a pale yellow morning sky.',
  'Invisible text lets readers search scanned pages.',
];
const WORDS = LINES.join(' ').split(/\s+/);

const dir = mkdtempSync(join(tmpdir(), 'marginalia-ocr-test-'));

async function textPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 612, height: 792 });
  LINES.forEach((line, index) => page.drawText(line, { x: 60, y: 700 - index * 28, size: 16 }));
  return pdf.save();
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** The share of `expected` words found in `text`, each found word counted once. */
function recall(expected: readonly string[], text: string): number {
  const pool = words(text);
  let found = 0;
  for (const word of words(expected.join(' '))) {
    const at = pool.indexOf(word);
    if (at >= 0) {
      found++;
      pool.splice(at, 1);
    }
  }
  return found / words(expected.join(' ')).length;
}

/** Every page rendered by pdftoppm at 100 dpi, one PPM after another. */
function render(bytes: Uint8Array, name: string): Buffer {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, bytes);
  const result = spawnSync('pdftoppm', ['-r', '100', path], { maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr.toString()}`);
  return result.stdout;
}

async function pdfjsText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  try {
    const page = await (await task.promise).getPage(1);
    const content = await page.getTextContent();
    return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  } finally {
    await task.destroy();
  }
}

let text: Uint8Array;
let scan: Uint8Array;
let recognised: Uint8Array;
const progress: [number, number][] = [];

beforeAll(async () => {
  text = await textPdf();
  writeFileSync(join(dir, 'text.pdf'), text);
  scan = scannedPdf(join(dir, 'text.pdf'), { pages: [1], dpi: 300, skew: 0.5 });
  recognised = await recognizeText(scan, { onProgress: (done, total) => progress.push([done, total]) });
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findPagesWithoutText', () => {
  it('must name the scanned page, and no page once it is recognised or of a text PDF', async () => {
    expect(await findPagesWithoutText(scan)).toEqual([1]);
    expect(await findPagesWithoutText(recognised)).toEqual([]);
    expect(await findPagesWithoutText(text)).toEqual([]);
  });

  it('must refuse what is not a PDF with the core’s typed errors', async () => {
    await expect(findPagesWithoutText('x' as unknown as Uint8Array)).rejects.toBeInstanceOf(InvalidInputError);
  });
});

describe('recognizeText', () => {
  it('must write text that pdftotext finds, in reading order, with spaces', async () => {
    const extracted = await pdfText(recognised);
    expect(recall(WORDS, extracted)).toBeGreaterThanOrEqual(0.9);
    expect(extracted.replace(/\s+/g, ' ')).toContain('quick brown fox');
  });

  it('must write text that pdf.js extracts (what the editor’s Find searches)', async () => {
    const extracted = await pdfjsText(recognised);
    expect(recall(WORDS, extracted)).toBeGreaterThanOrEqual(0.9);
    expect(extracted.replace(/\s+/g, ' ')).toContain('lazy dog');
  });

  it('must leave the page looking exactly as it did (pdftoppm, pixel for pixel)', () => {
    expect(render(recognised, 'after').equals(render(scan, 'before'))).toBe(true);
  });

  it('must append to the original bytes, which stay a prefix of the result', () => {
    expect(recognised.length).toBeGreaterThan(scan.length);
    expect(Buffer.from(recognised.subarray(0, scan.length)).equals(Buffer.from(scan))).toBe(true);
    const check = spawnSync('qpdf', ['--check', join(dir, 'after.pdf')], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('must report progress page by page', () => {
    expect(progress).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('must return the file unchanged when no page lacks text', async () => {
    expect(Buffer.from(await recognizeText(text)).equals(Buffer.from(text))).toBe(true);
  });

  it('must stop with the signal’s reason when aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the user');
    const running = recognizeText(scan, { signal: controller.signal, onProgress: () => controller.abort(reason) });
    await expect(running).rejects.toBe(reason);
    const before = new AbortController();
    before.abort(reason);
    await expect(recognizeText(scan, { signal: before.signal })).rejects.toBe(reason);
    // Aborting once it is done changes nothing and leaves nothing to fail later.
    const after = new AbortController();
    expect((await recognizeText(scan, { signal: after.signal })).length).toBe(recognised.length);
    after.abort(reason);
  });

  it('must refuse bad input with typed errors that name it', async () => {
    await expect(recognizeText(new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(PdfInvalidError);
    await expect(recognizeText('x' as unknown as Uint8Array)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(recognizeText(scan, { pages: [0] })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(recognizeText(scan, { pages: [2] })).rejects.toBeInstanceOf(PageRangeError);
    await expect(recognizeText(scan, { languages: [] })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(recognizeText(scan, { languages: ['../eng'] })).rejects.toBeInstanceOf(InvalidInputError);
    const missing = await recognizeText(scan, { languages: ['eng', 'xyz'] }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(OcrLanguageError);
    expect((missing as OcrLanguageError).language).toBe('xyz');
    const noImage = await recognizeText(text, { pages: [1] }).catch((error: unknown) => error);
    expect(noImage).toBeInstanceOf(OcrPageError);
    expect((noImage as OcrPageError).page).toBe(1);
  });

  it('must recognise with the network refused: worker, core and language all come from installed packages', async () => {
    const probe = spawnSync('unshare', ['-n', 'true']);
    if (probe.status !== 0) {
      console.warn('Skipped: cannot start a process without network here (unshare -n).');
      return;
    }
    // Inside the package, so the bundle finds tesseract.js and the language data as an installed SDK does.
    const bundleDir = mkdtempSync(join(resolve(__dirname, '../../../node_modules'), '.ocr-test-'));
    const bundle = join(bundleDir, 'ocr.mjs');
    await build({
      stdin: {
        contents: `import { recognizeText } from ${JSON.stringify(resolve(__dirname, 'index.ts'))};
import { readFileSync, writeFileSync } from 'node:fs';
writeFileSync(process.argv[3], await recognizeText(new Uint8Array(readFileSync(process.argv[2]))));`,
        resolveDir: __dirname,
        loader: 'ts',
      },
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'error',
      packages: 'external',
    });
    const input = join(dir, 'offline-in.pdf');
    const output = join(dir, 'offline-out.pdf');
    writeFileSync(input, scan);
    const run = spawnSync('unshare', ['-n', process.execPath, bundle, input, output], { encoding: 'utf8' });
    rmSync(bundleDir, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    const extracted = spawnSync('pdftotext', [output, '-'], { encoding: 'utf8' }).stdout;
    expect(recall(WORDS, extracted)).toBeGreaterThanOrEqual(0.9);
  }, 180_000);
});

describe('recognizeText on a mixed, encrypted file', () => {
  const SECOND = ['Encrypted files keep their protection', 'after black and white pages are read.'];
  let mixed: Uint8Array;
  let result: Uint8Array;

  beforeAll(async () => {
    const pdf = PDF.create();
    const page = pdf.addPage({ width: 612, height: 792 });
    SECOND.forEach((line, index) => page.drawText(line, { x: 60, y: 700 - index * 30, size: 20 }));
    writeFileSync(join(dir, 'second.pdf'), await pdf.save());
    // Page 1 has text; page 2 is a black-and-white (1-bit, Flate) scan; page 3 a JPEG scan; page 4
    // a JPEG scan stored sideways that /Rotate 90 shows upright.
    const bilevel = scannedPdf(join(dir, 'second.pdf'), { pages: [1], dpi: 200, skew: 0.3, bilevel: true });
    const sideways = scannedPdf(join(dir, 'text.pdf'), { pages: [1], dpi: 200, rotate: 90 });
    writeFileSync(join(dir, 'merged.pdf'), await mergePdfs([text, bilevel, scan, sideways]));
    // An empty user password: it opens without one, and what is appended must be encrypted too.
    const encrypt = spawnSync('qpdf', ['--encrypt', '', 'owner-secret', '256', '--', join(dir, 'merged.pdf'), join(dir, 'encrypted.pdf')], { encoding: 'utf8' });
    expect(encrypt.status, encrypt.stderr).toBe(0);
    mixed = new Uint8Array(readFileSync(join(dir, 'encrypted.pdf')));
    result = await recognizeText(mixed);
  }, 180_000);

  it('must recognise only the scanned pages, black-and-white and sideways ones too, and keep the encryption', async () => {
    expect(await findPagesWithoutText(mixed)).toEqual([2, 3, 4]);
    expect(await findPagesWithoutText(result)).toEqual([]);
    expect(recall(SECOND, await pdfText(result, 2))).toBeGreaterThanOrEqual(0.9);
    expect(recall(WORDS, await pdfText(result, 3))).toBeGreaterThanOrEqual(0.9);
    const sideways = (await pdfText(result, 4)).replace(/\s+/g, ' ');
    expect(recall(WORDS, sideways)).toBeGreaterThanOrEqual(0.9);
    expect(sideways).toContain('quick brown fox');
    expect(Buffer.from(result.subarray(0, mixed.length)).equals(Buffer.from(mixed))).toBe(true);
    writeFileSync(join(dir, 'encrypted-out.pdf'), result);
    const encryption = spawnSync('qpdf', ['--show-encryption', join(dir, 'encrypted-out.pdf')], { encoding: 'utf8' });
    expect(encryption.stdout).toMatch(/R = 6/);
    const check = spawnSync('qpdf', ['--check', join(dir, 'encrypted-out.pdf')], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('must leave every page looking as it did, the sideways one included', () => {
    expect(render(result, 'mixed-after').equals(render(mixed, 'mixed-before'))).toBe(true);
  });
});

describe('recognizeText in several languages', () => {
  const FRENCH = ['Le garçon mangea une pomme délicieuse', 'à côté de la fenêtre, près du château.'];

  it('must read a French page with both languages’ data and extract its accented words', async () => {
    const pdf = PDF.create();
    const page = pdf.addPage({ width: 612, height: 792 });
    FRENCH.forEach((line, index) => page.drawText(line, { x: 60, y: 700 - index * 30, size: 20 }));
    writeFileSync(join(dir, 'french.pdf'), await pdf.save());
    const french = scannedPdf(join(dir, 'french.pdf'), { pages: [1], dpi: 300, skew: 0.3 });
    const extracted = (await pdfText(await recognizeText(french, { languages: ['eng', 'fra'] }))).normalize('NFC');
    const expected: string[] = FRENCH.join(' ').toLowerCase().match(/[\p{L}]+/gu) ?? [];
    const found: string[] = extracted.toLowerCase().match(/[\p{L}]+/gu) ?? [];
    expect(expected.filter((word) => found.includes(word)).length / expected.length).toBeGreaterThanOrEqual(0.85);
    expect(extracted).toContain('garçon');
    expect(extracted).toContain('château');
  }, 120_000);
});
