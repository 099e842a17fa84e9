// Test helpers that check PDFs with independent tools (qpdf, poppler, pdf.js), never with the
// engine that writes our output. What they offer:
// - qpdfCheck(bytes): `qpdf --check` exit code, errors and warnings.
// - pdfInfo(bytes): page count, every page's size, /Rotate and boxes as poppler reports them.
// - pdfFonts(bytes): the fonts the document uses (`pdffonts`), with whether each is embedded.
// - pdfText(bytes, page?, userPassword?): `pdftotext` output for one page or the whole document.
// - qpdf(bytes, args): any qpdf run (passwords, --show-encryption); pdfsig(bytes): signature report.
// - rewrittenBy(qpdf | mutool, args): the file as that tool rewrites it (qpdf --qdf, mutool clean).
// - renderPagePixels(bytes, pageNumber, dpi): a page rendered by pdftoppm, with getPixel(x, y).
// - findColorNear / isColor: sample a rendered page for a colour around a point.
// - pdfjsOpen(bytes, interpret?): opens with pdf.js, loads every page, builds the operator list
//   of every page (or of the listed ones), returns the page count.
// Requires qpdf and poppler-utils on PATH.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withTempFile<T>(bytes: Uint8Array, use: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-test-'));
  try {
    const path = join(dir, 'input.pdf');
    await writeFile(path, bytes);
    return await use(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function runTool(command: string, args: string[]): Promise<ProcessResult> {
  try {
    const { stdout, stderr } = await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** qpdf run with `args` on the file (e.g. `--password=x`, `--show-encryption`); its exit code and output. */
export async function qpdf(bytes: Uint8Array, args: string[]): Promise<{ code: number; output: string }> {
  return withTempFile(bytes, async (path) => {
    const { code, stdout, stderr } = await runTool('qpdf', [...args, path]);
    return { code, output: `${stdout}\n${stderr}`.replaceAll(path, 'input.pdf') };
  });
}

/**
 * The file with every annotation's appearance drawn into its page (qpdf --flatten-annotations=all),
 * so pdftotext reads the text of native annotations too.
 */
export async function withAnnotationsFlattened(bytes: Uint8Array): Promise<Uint8Array> {
  return withTempFile(bytes, async (path, dir) => {
    const out = join(dir, 'flattened.pdf');
    const { code, stderr } = await runTool('qpdf', ['--flatten-annotations=all', path, out]);
    // Exit code 3: written with warnings.
    if (code !== 0 && code !== 3) throw new Error(`qpdf failed (${code}): ${stderr}`);
    return new Uint8Array(await readFile(out));
  });
}

/**
 * The file as a command-line tool rewrites it: `args` given the input and output paths, e.g.
 * `(input, output) => ['--qdf', input, output]` for qpdf or `['clean', '-gggg', input, output]`
 * for mutool. Throws with the tool's message when it fails (qpdf's exit code 3, warnings, passes).
 */
export function rewrittenBy(command: 'qpdf' | 'mutool', args: (input: string, output: string) => string[]): (bytes: Uint8Array) => Promise<Uint8Array> {
  return (bytes) =>
    withTempFile(bytes, async (path, dir) => {
      const out = join(dir, 'rewritten.pdf');
      const { code, stderr } = await runTool(command, args(path, out));
      if (code !== 0 && !(command === 'qpdf' && code === 3)) throw new Error(`${command} failed (${code}): ${stderr}`);
      return new Uint8Array(await readFile(out));
    });
}

/** What poppler's `pdfsig` says of the file's signatures. */
export async function pdfsig(bytes: Uint8Array): Promise<string> {
  return withTempFile(bytes, async (path) => {
    const { stdout, stderr } = await runTool('pdfsig', [path]);
    return `${stdout}\n${stderr}`;
  });
}

export interface QpdfResult {
  /** 0 ok, 3 warnings only, 2 errors. */
  exitCode: number;
  errors: string[];
  warnings: string[];
  output: string;
}

export async function qpdfCheck(bytes: Uint8Array): Promise<QpdfResult> {
  return withTempFile(bytes, async (path) => {
    const { code, stdout, stderr } = await runTool('qpdf', ['--check', path]);
    const output = `${stdout}\n${stderr}`.replaceAll(path, 'input.pdf');
    const lines = output.split('\n').map((line) => line.trim());
    return {
      exitCode: code,
      warnings: lines.filter((line) => line.startsWith('WARNING')),
      // "qpdf: operation succeeded with warnings" only sums up the warnings above it.
      errors: lines.filter(
        (line) => (/^(ERROR|qpdf:)/.test(line) && !/succeeded with warnings/.test(line)) || (code === 2 && /error/i.test(line)),
      ),
      output,
    };
  });
}

export interface PageInfo {
  /** Width x height in points, before /Rotate is applied. */
  width: number;
  height: number;
  rotation: number;
  /** 'MediaBox', 'CropBox', ... as poppler prints them (four numbers). */
  boxes: Record<string, string>;
}

export interface PdfInfo {
  pages: number;
  sizes: PageInfo[];
}

export async function pdfInfo(bytes: Uint8Array): Promise<PdfInfo> {
  return withTempFile(bytes, async (path) => {
    const { code, stdout, stderr } = await runTool('pdfinfo', ['-box', '-f', '1', '-l', '100000', path]);
    if (code !== 0) throw new Error(`pdfinfo failed (${code}): ${stderr}`);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? NaN);
    const sizes: PageInfo[] = [];
    for (const match of stdout.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
      sizes[Number(match[1]) - 1] = { width: Number(match[2]), height: Number(match[3]), rotation: 0, boxes: {} };
    }
    for (const match of stdout.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) {
      const size = sizes[Number(match[1]) - 1];
      if (size) size.rotation = Number(match[2]);
    }
    for (const match of stdout.matchAll(/^Page\s+(\d+) (\w+Box):\s+(.+)$/gm)) {
      const size = sizes[Number(match[1]) - 1];
      if (size) size.boxes[match[2] ?? ''] = (match[3] ?? '').trim().split(/\s+/).join(' ');
    }
    return { pages, sizes };
  });
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
}

/** Fonts used on one page (1-based) or in the whole document, as `pdffonts` lists them. */
export async function pdfFonts(bytes: Uint8Array, page?: number): Promise<PdfFont[]> {
  return withTempFile(bytes, async (path) => {
    const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
    const { code, stdout, stderr } = await runTool('pdffonts', [...range, path]);
    if (code !== 0) throw new Error(`pdffonts failed (${code}): ${stderr}`);
    const [, rule, ...rows] = stdout.split('\n');
    if (!rule) return [];
    // Columns are fixed-width, delimited by the dashes of the rule line.
    const columns = [...rule.matchAll(/-+/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
    const cell = (row: string, index: number) => row.slice(columns[index]?.[0], columns[index]?.[1]).trim();
    return rows
      .filter((row) => row.trim() !== '')
      .map((row) => ({ name: cell(row, 0), type: cell(row, 1), embedded: cell(row, 3) === 'yes' }));
  });
}

/** Text of one page (1-based), or of the whole document when `page` is omitted. */
export async function pdfText(bytes: Uint8Array, page?: number, userPassword?: string): Promise<string> {
  return withTempFile(bytes, async (path) => {
    const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
    const password = userPassword === undefined ? [] : ['-upw', userPassword];
    const { code, stdout, stderr } = await runTool('pdftotext', [...range, ...password, '-enc', 'UTF-8', path, '-']);
    if (code !== 0) throw new Error(`pdftotext failed (${code}): ${stderr}`);
    return stdout;
  });
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface RenderedPage {
  width: number;
  height: number;
  /** Colour of the pixel at (x, y), 0-255 per channel; x, y are clamped to the image. */
  getPixel(x: number, y: number): Rgb;
}

/** Parses binary PPM (P6, maxval 255), the format `pdftoppm` writes by default. */
export function parsePpm(data: Uint8Array): RenderedPage {
  let offset = 0;
  const tokens: string[] = [];
  while (tokens.length < 4) {
    while (offset < data.length && /\s/.test(String.fromCharCode(data[offset] ?? 0))) offset++;
    if (data[offset] === 0x23) {
      while (offset < data.length && data[offset] !== 0x0a) offset++;
      continue;
    }
    let token = '';
    while (offset < data.length && !/\s/.test(String.fromCharCode(data[offset] ?? 0))) {
      token += String.fromCharCode(data[offset] ?? 0);
      offset++;
    }
    tokens.push(token);
  }
  offset++; // the single whitespace after maxval
  const [magic, w, h, max] = tokens;
  if (magic !== 'P6' || max !== '255') throw new Error(`unsupported PPM (${magic}, maxval ${max})`);
  const width = Number(w);
  const height = Number(h);
  const pixels = data.subarray(offset);
  return {
    width,
    height,
    getPixel(x, y) {
      const cx = Math.min(width - 1, Math.max(0, Math.round(x)));
      const cy = Math.min(height - 1, Math.max(0, Math.round(y)));
      const i = (cy * width + cx) * 3;
      return { r: pixels[i] ?? 0, g: pixels[i + 1] ?? 0, b: pixels[i + 2] ?? 0 };
    },
  };
}

/**
 * Renders one page (1-based) with pdftoppm at `dpi`, as displayed (rotation and CropBox applied),
 * or its whole MediaBox when `box` says so.
 */
export async function renderPagePixels(
  bytes: Uint8Array,
  pageNumber: number,
  dpi = 36,
  box: 'CropBox' | 'MediaBox' = 'CropBox',
): Promise<RenderedPage> {
  return withTempFile(bytes, async (path, dir) => {
    const out = join(dir, 'page');
    // -cropbox: render the visible area, as viewers do (pdftoppm defaults to the MediaBox).
    const crop = box === 'CropBox' ? ['-cropbox'] : [];
    const args = ['-r', String(dpi), ...crop, '-f', String(pageNumber), '-l', String(pageNumber), '-singlefile', path, out];
    const { code, stderr } = await runTool('pdftoppm', args);
    if (code !== 0) throw new Error(`pdftoppm failed (${code}): ${stderr}`);
    return parsePpm(new Uint8Array(await readFile(`${out}.ppm`)));
  });
}

/** Whether `actual` is within `tolerance` (per channel, 0-255) of `expected`. */
export function isColor(actual: Rgb, expected: Rgb, tolerance = 40): boolean {
  return (
    Math.abs(actual.r - expected.r) <= tolerance &&
    Math.abs(actual.g - expected.g) <= tolerance &&
    Math.abs(actual.b - expected.b) <= tolerance
  );
}

/**
 * Whether a pixel of colour `expected` lies within `radius` pixels of (x, y). Rendering rounds
 * positions to whole pixels and anti-aliases edges, so an exact pixel would be a brittle test.
 */
export function findColorNear(
  image: RenderedPage,
  x: number,
  y: number,
  expected: Rgb,
  radius = 2,
  tolerance = 40,
): boolean {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (isColor(image.getPixel(x + dx, y + dy), expected, tolerance)) return true;
    }
  }
  return false;
}

/**
 * Opens the bytes with pdf.js (as the editor's viewer does), loads every page and builds the
 * operator list of each page in `interpret` (default: all), which parses and interprets its whole
 * content stream. Returns the page count.
 */
export async function pdfjsOpen(bytes: Uint8Array, interpret?: readonly number[]): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  const doc = await task.promise;
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      if (!interpret || interpret.includes(number)) await page.getOperatorList();
      page.cleanup();
    }
    return doc.numPages;
  } finally {
    await task.destroy();
  }
}

/** Whether some pixel inside the pixel rectangle has colour `expected`. */
export function hasColorIn(
  image: RenderedPage,
  rect: { x: number; y: number; width: number; height: number },
  expected: Rgb,
  tolerance = 40,
): boolean {
  for (let y = Math.floor(rect.y); y <= Math.ceil(rect.y + rect.height); y++) {
    for (let x = Math.floor(rect.x); x <= Math.ceil(rect.x + rect.width); x++) {
      if (isColor(image.getPixel(x, y), expected, tolerance)) return true;
    }
  }
  return false;
}

export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Words of one page (1-based) with their boxes in displayed-page points (`pdftotext -bbox`). */
export async function pdfWords(bytes: Uint8Array, page: number): Promise<PdfWord[]> {
  return withTempFile(bytes, async (path) => {
    const args = ['-bbox', '-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-'];
    const { code, stdout, stderr } = await runTool('pdftotext', args);
    if (code !== 0) throw new Error(`pdftotext failed (${code}): ${stderr}`);
    const decode = (text: string) =>
      text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<\/word>/g)].map(
      (m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: decode(m[5] ?? '') }),
    );
  });
}
