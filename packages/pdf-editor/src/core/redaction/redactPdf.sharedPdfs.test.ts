// Redaction of real files written by others (/work/shared/pdfs): words found by poppler's own word
// boxes are marked, then must be gone from poppler's text while every other word of the page stays.
// Skipped, saying so, when the shared folder is absent.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { hasSharedPdfs, readSharedPdf, SHARED_PDFS } from '../../test-support/sharedPdfs';
import { removeTempFiles, writeTemp } from '../pages/pdfTools.testkit';
import { compareRenders, decompressed, holds } from './auditor.testkit';
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
function words(path: string, page: number, password?: string): Word[] {
  const opens = password === undefined ? [] : ['-opw', password];
  const result = spawnSync('pdftotext', [...opens, '-bbox', '-cropbox', '-f', String(page), '-l', String(page), path, '-'], { encoding: 'utf8', maxBuffer: 1 << 26 });
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
function documentText(path: string, password?: string): string {
  const opens = password === undefined ? [] : ['-opw', password];
  return spawnSync('pdftotext', [...opens, path, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
}

/** `count` words of the page, spread over it, of plain letters and at least 5 long; those found once in the whole text first. */
function pickWords(list: readonly Word[], text: string, count: number): Word[] {
  const candidates = list.filter((word) => /^[A-Za-z]{5,}$/.test(word.text));
  const once = candidates.filter((word) => onceIn(text, word.text));
  const pool = once.length >= count ? once : candidates;
  const step = Math.max(1, Math.floor(pool.length / count));
  return pool.filter((_, index) => index % step === 0).slice(0, count);
}

/** Whether `word` is found once in `text`, not even inside a longer word elsewhere. */
const onceIn = (text: string, word: string) => text.split(word).length === 2;

const CASES: { file: string; page: number; password?: string }[] = [
  { file: 'tracemonkey.pdf', page: 1 },
  { file: 'tracemonkey.pdf', page: 7 },
  { file: 'freeculture.pdf', page: 100 },
  // RC4-encrypted by LibreOffice; its owner password (the redacted file comes back without one).
  { file: 'libreoffice-writer-password.pdf', page: 1, password: 'permissionpassword' },
];

describe.skipIf(!hasSharedPdfs)(`redactPdf on the shared PDFs (${SHARED_PDFS})`, () => {
  it.each(CASES)('must remove the marked words of $file page $page and keep every other word', async ({ file, page, password }) => {
    const source = readSharedPdf(file);
    const sourcePath = writeTemp(source);
    const before = words(sourcePath, page, password);
    const text = documentText(sourcePath, password);
    const marked = pickWords(before, text, 6);
    expect(marked.length).toBeGreaterThanOrEqual(3);
    // Inset by a point on each side: a word's box touches its neighbours' at the spaces.
    const areas: RedactionArea[] = marked.map((word) => ({
      page,
      rect: { x: word.x + 1, y: word.y + 1, width: word.width - 2, height: word.height - 2 },
    }));
    const { bytes, areas: report } = await redactPdf(source, { areas, ...(password === undefined ? {} : { password }) });

    const path = writeTemp(bytes);
    // Each word of the page is there as many times as before, less the times it was marked.
    const after = counts(words(path, page));
    const expected = counts(before);
    for (const word of marked) expected.set(word.text, (expected.get(word.text) ?? 0) - 1);
    const differences = [...new Set([...expected.keys(), ...after.keys()])].filter((word) => (expected.get(word) ?? 0) !== (after.get(word) ?? 0));
    expect(differences.map((word) => ({ word, expected: expected.get(word) ?? 0, found: after.get(word) ?? 0 }))).toEqual([]);
    for (const area of report) expect(area.characters).toBeGreaterThan(0);

    // The words are not in the bytes either, where the original spelled them out.
    const original = decompressed(source, password);
    const redacted = decompressed(bytes);
    for (const word of marked) if (onceIn(text, word.text) && holds(original, word.text)) expect({ word: word.text, inBytes: holds(redacted, word.text) }).toEqual({ word: word.text, inBytes: false });
    expect(spawnSync('qpdf', ['--check', path]).status).toBe(0);

    // Everything outside the marks renders as before (the source opened through a copy without its password).
    const readable = password === undefined ? sourcePath : writeTemp(new Uint8Array(spawnSync('qpdf', [`--password=${password}`, '--decrypt', sourcePath, '-'], { maxBuffer: 1 << 28 }).stdout));
    for (const renderer of ['poppler', 'mupdf'] as const) {
      const { differing, centres } = compareRenders(renderer, readable, path, page, areas.map((area) => area.rect));
      for (const centre of centres) expect(centre).toBeLessThan(40);
      expect({ renderer, differing }).toEqual({ renderer, differing: 0 });
    }
  });
});

if (!hasSharedPdfs) console.warn(`Skipped the shared-PDF redaction tests: ${SHARED_PDFS} is absent.`);
