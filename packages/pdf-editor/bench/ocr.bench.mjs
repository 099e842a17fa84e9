// OCR benchmark (a report, not a test): word accuracy and speed of `recognizeText` from the BUILT
// package (dist/core.js) on scans made from known text. Pages of ../shared/pdfs/tracemonkey.pdf
// are rendered by pdftoppm at 300 and at 150 dpi, turned by a slight skew, stored as JPEG in
// image-only PDFs (bench/scannedPdf.mjs), recognised, and the words pdftotext reads from the
// result compared with the words it reads from the original page. Prints one row per set:
// word recall (original words found, each counted once), precision (recognised words that are
// original ones), and seconds per page, wall clock and process CPU (tesseract.js runs in one worker
// thread, on one core). Always exits 0; skips, saying so, without the shared PDFs.
//   npm run build -w @marginalia/pdf-editor && npm run bench:ocr -w @marginalia/pdf-editor
// `--pages=1-3` chooses the pages (default 1-3), `--file=name.pdf` another shared PDF.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scannedPdf } from './scannedPdf.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const distEntry = join(here, '..', 'dist', 'core.js');
const sharedPdfs = process.env.MARGINALIA_SHARED_PDFS ?? resolve(here, '..', '..', '..', '..', 'shared', 'pdfs');
const argument = (name, fallback) => process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const file = argument('file', 'tracemonkey.pdf');
const [from, to = from] = argument('pages', '1-3').split('-').map(Number);
const pages = Array.from({ length: to - from + 1 }, (_, i) => from + i);
const SETS = [
  { dpi: 300, skew: 0.5 },
  { dpi: 150, skew: 0.5 },
];

if (!existsSync(distEntry)) {
  console.log('dist/core.js is missing: run `npm run build -w @marginalia/pdf-editor` first.');
  process.exit(0);
}
const source = join(sharedPdfs, file);
if (!existsSync(source)) {
  console.log(`Skipped: ${source} is absent (the shared PDFs are not beside the repository).`);
  process.exit(0);
}
const { recognizeText } = await import(pathToFileURL(distEntry).href);
const dir = mkdtempSync(join(tmpdir(), 'marginalia-ocr-bench-'));

function textOf(path, page) {
  const result = spawnSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout;
}

const words = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** How many of `expected` appear in `found`, each word of `found` used once. */
function matched(expected, found) {
  const pool = new Map();
  for (const word of found) pool.set(word, (pool.get(word) ?? 0) + 1);
  let count = 0;
  for (const word of expected) {
    const left = pool.get(word) ?? 0;
    if (left > 0) {
      count++;
      pool.set(word, left - 1);
    }
  }
  return count;
}

const rows = [];
try {
  for (const { dpi, skew } of SETS) {
    const scan = scannedPdf(source, { pages, dpi, skew });
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const recognised = await recognizeText(scan, { languages: ['eng'] });
    const wall = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const output = join(dir, `recognised-${dpi}.pdf`);
    writeFileSync(output, recognised);
    let expected = 0;
    let found = 0;
    let hits = 0;
    for (const [index, page] of pages.entries()) {
      const original = words(textOf(source, page));
      const read = words(textOf(output, index + 1));
      expected += original.length;
      found += read.length;
      hits += matched(original, read);
    }
    rows.push({
      set: `${file} p. ${from}-${to}, ${dpi} dpi, ${skew}° skew`,
      'word recall': `${((100 * hits) / expected).toFixed(1)}% (${hits}/${expected})`,
      precision: `${((100 * hits) / found).toFixed(1)}%`,
      's/page wall': (wall / pages.length).toFixed(1),
      's/page CPU': ((cpu.user + cpu.system) / 1e6 / pages.length).toFixed(1),
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.table(rows);
console.log(`Peak RSS of the process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
