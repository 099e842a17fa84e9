// Test-only: reads a redacted file the way an auditor would, with tools other than the engines
// that wrote it: qpdf's decompressed rewrite of every object, searched for words however a PDF
// string may spell them; renders by poppler and MuPDF compared outside the marks.
import { spawnSync } from 'node:child_process';
import type { Rect } from '../model/types';
import { writeTemp } from '../pages/pdfTools.testkit';

/**
 * The file as qpdf writes it with every stream decompressed, no object streams, and the objects
 * nothing refers to kept (qpdf drops them otherwise, hiding what a file still carries).
 */
export function decompressed(bytes: Uint8Array, password?: string): string {
  const args = [...(password ? [`--password=${password}`] : []), '--qdf', '--preserve-unreferenced', '--object-streams=disable', writeTemp(bytes), '-'];
  const result = spawnSync('qpdf', args, { encoding: 'latin1', maxBuffer: 1 << 28 });
  if (result.status !== 0 && result.status !== 3) throw new Error(`qpdf failed: ${result.stderr}`);
  return result.stdout;
}

/** Whether `text` holds `word`: literally, or as the hex of its bytes in Latin-1 or UTF-16 (how PDF strings may spell it). */
export function holds(text: string, word: string): boolean {
  const lower = text.toLowerCase().replace(/\s+/g, '');
  const latin = Buffer.from(word, 'latin1').toString('hex');
  const utf16 = [...word].map((character) => character.charCodeAt(0).toString(16).padStart(4, '0')).join('');
  return text.includes(word) || lower.includes(latin) || lower.includes(utf16);
}

export type Renderer = 'poppler' | 'mupdf';

/** A render of one page's visible area (its CropBox) as grey pixels at 72 dpi: a pixel per point. */
function render(renderer: Renderer, path: string, page: number): { width: number; pixels: Buffer } {
  const out =
    renderer === 'poppler'
      ? spawnSync('pdftoppm', ['-r', '72', '-gray', '-cropbox', '-f', String(page), '-l', String(page), path], { maxBuffer: 1 << 26 })
      : spawnSync('mutool', ['draw', '-q', '-r', '72', '-c', 'gray', '-F', 'pgm', '-o', '-', path, String(page)], { maxBuffer: 1 << 26 });
  const data = out.stdout;
  const width = Number(data.toString('latin1', 0, 32).split(/\s+/)[1]);
  return { width, pixels: data.subarray(data.indexOf('255\n') + 4) };
}

/**
 * How many grey levels (of 255) a pixel may change and still count as the same. Both renderers
 * antialias a glyph placed by `cm` (as PDFium writes a page anew) otherwise than one placed by `Td`:
 * up to 64 levels on tracemonkey.pdf and LibreOffice's file, with every word's box the same to
 * 0.0003 pt (pdftotext -bbox). A glyph or a stroke that appears or goes changes the pixels it
 * covers by far more at a pixel per point.
 */
export const SAME_PIXEL = 96;

/** Pixels around each mark left out of the comparison: the antialiased edge of its fill. */
const EDGE = 2;

export interface RenderComparison {
  /** Pixels outside the marks (and an `EDGE` around them for antialiasing at their edges) that differ by more than `SAME_PIXEL`. */
  differing: number;
  /** The grey level at the centre of each mark at least 4 points wide and high, in the redacted render (thinner ones are antialiased grey). */
  centres: number[];
}

/** Renders page `page` of both files with `renderer` and compares them outside `marks` (page space). */
export function compareRenders(renderer: Renderer, beforePath: string, afterPath: string, page: number, marks: readonly Rect[]): RenderComparison {
  const before = render(renderer, beforePath, page);
  const after = render(renderer, afterPath, page);
  if (before.pixels.length < 10_000 || after.pixels.length !== before.pixels.length) {
    throw new Error(`${renderer} rendered page ${page} as ${before.pixels.length} and ${after.pixels.length} pixels`);
  }
  const boxes = marks.map((rect) => ({
    left: rect.x - EDGE,
    top: rect.y - EDGE,
    right: rect.x + rect.width + EDGE,
    bottom: rect.y + rect.height + EDGE,
  }));
  const centres = marks
    .filter((rect) => rect.width >= 4 && rect.height >= 4)
    .map((rect) => after.pixels[Math.round(rect.y + rect.height / 2) * after.width + Math.round(rect.x + rect.width / 2)] ?? 255);
  let differing = 0;
  for (let index = 0; index < before.pixels.length; index++) {
    const x = index % before.width;
    const y = Math.floor(index / before.width);
    if (boxes.some((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom)) continue;
    if (Math.abs((before.pixels[index] ?? 0) - (after.pixels[index] ?? 0)) > SAME_PIXEL) differing++;
  }
  return { differing, centres };
}
