// Redaction of real files written by others (/work/shared/pdfs): words found by poppler's own word
// boxes are marked, then must be gone from poppler's text while every other word of the page stays.
// Skipped, saying so, when the shared folder is absent.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { hasSharedPdfs, readSharedPdf, SHARED_PDFS } from '../../test-support/sharedPdfs';
import { removeTempFiles, writeTemp } from '../pages/pdfTools.testkit';
import { decompressed, holds } from './auditor.testkit';
import { redactPdf } from './redactPdf';
import type { RedactionArea } from './types';

afterAll(removeTempFiles);

interface Word {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Poppler's words of one page with their boxes, in page space (points from the top-left of the CropBox, as displayed). */
function words(path: string, page: number): Word[] {
  const result = spawnSync('pdftotext', ['-bbox', '-cropbox', '-f', String(page), '-l', String(page), path, '-'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return [...result.stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
    ([, xMin, yMin, xMax, yMax, text]) => ({
      text: text ?? '',
      x: Number(xMin),
      y: Number(yMin),
      width: Number(xMax) - Number(xMin),
      height: Number(yMax) - Number(yMin),
    }),
  );
}

function counts(list: readonly Word[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const { text } of list) map.set(text, (map.get(text) ?? 0) + 1);
  return map;
}

/** The whole document's text, as poppler extracts it. */
function documentText(path: string): string {
  return spawnSync('pdftotext', [path, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
}

/**
 * `count` words of the page, spread over it, of plain letters and at least 5 long, found once in
 * the whole document's text (not even inside a longer word): so that, redacted, they may be found
 * nowhere.
 */
function pickWords(list: readonly Word[], text: string, count: number): Word[] {
  const candidates = list.filter((word) => /^[A-Za-z]{5,}$/.test(word.text) && text.split(word.text).length === 2);
  const step = Math.max(1, Math.floor(candidates.length / count));
  return candidates.filter((_, index) => index % step === 0).slice(0, count);
}

const CASES = [
  { file: 'tracemonkey.pdf', page: 1 },
  { file: 'tracemonkey.pdf', page: 7 },
  { file: 'freeculture.pdf', page: 100 },
];

describe.skipIf(!hasSharedPdfs)(`redactPdf on the shared PDFs (${SHARED_PDFS})`, () => {
  it.each(CASES)('must remove the marked words of $file page $page and keep every other word', async ({ file, page }) => {
    const source = readSharedPdf(file);
    const sourcePath = writeTemp(source);
    const before = words(sourcePath, page);
    const marked = pickWords(before, documentText(sourcePath), 6);
    expect(marked.length).toBeGreaterThanOrEqual(3);
    // Inset by a point on each side: a word's box touches its neighbours' at the spaces.
    const areas: RedactionArea[] = marked.map((word) => ({
      page,
      rect: { x: word.x + 1, y: word.y + 1, width: word.width - 2, height: word.height - 2 },
    }));
    const { bytes, areas: report } = await redactPdf(source, { areas });

    const path = writeTemp(bytes);
    const after = counts(words(path, page));
    for (const word of marked) expect({ word: word.text, left: after.get(word.text) ?? 0 }).toEqual({ word: word.text, left: 0 });
    const markedTexts = new Set(marked.map((word) => word.text));
    const lost = [...counts(before)].filter(([text, count]) => !markedTexts.has(text) && (after.get(text) ?? 0) < count);
    expect(lost).toEqual([]);
    for (const area of report) expect(area.characters).toBeGreaterThan(0);

    // The words are not in the bytes either, where the original spelled them out.
    const original = decompressed(source);
    const redacted = decompressed(bytes);
    for (const word of marked) if (holds(original, word.text)) expect({ word: word.text, inBytes: holds(redacted, word.text) }).toEqual({ word: word.text, inBytes: false });
    expect(spawnSync('qpdf', ['--check', path]).status).toBe(0);
  });
});

if (!hasSharedPdfs) console.warn(`Skipped the shared-PDF redaction tests: ${SHARED_PDFS} is absent.`);
