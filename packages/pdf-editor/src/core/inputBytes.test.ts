// No public function of the core may change the bytes it is given. Hosts hand over Node `Buffer`s
// (fs.readFileSync, Koa bodies, database drivers), whose `.slice()` is a view, not a copy: a repair
// that "copied" that way wrote into the caller's file, and a later call on the same Buffer then
// read a different document (an encrypted file whose /Encrypt was renamed exported unencrypted).
// Every public function that takes PDF bytes runs here on Buffers of real files, and the Buffers
// must hold the same bytes afterwards.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../test-support/corpus';
import { pagesPdf } from '../test-support/handmadePdf';
import { hasSharedPdfs, sharedPdfPath } from '../test-support/sharedPdfs';
import { PdfPasswordError } from './errors';
import { qpdfCheck, removeTempFiles, showEncryption, writeTemp } from './pages/pdfTools.testkit';
import {
  applyPageOperation,
  deletePages,
  exportPdf,
  exportPdfWithReport,
  extractPages,
  getPageSizes,
  importAnnotations,
  insertPages,
  mergePdfs,
  normalizeAnnotation,
  pdfRevision,
  protectPdf,
  reorderPages,
  rotatePages,
  splitPdf,
  unprotectPdf,
  type PageOperation,
} from './index';

afterAll(removeTempFiles);

/** Every public function of the core that takes PDF bytes, called on `input` (with `password`, when it needs one). */
function publicCalls(input: Buffer, password: string | undefined): [string, () => Promise<unknown>][] {
  const options = password === undefined ? {} : { password };
  const note = normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 10, y: 10 }, width: 40, height: 20 });
  const operations: PageOperation[] = [
    { type: 'merge', documents: [input] },
    { type: 'split', ranges: [{ from: 1, to: 1 }] },
    { type: 'extract', range: { from: 1, to: 1 } },
    { type: 'rotate', pages: [1], degrees: 90 },
    { type: 'delete', pages: [1] },
    { type: 'reorder', order: [1] },
    { type: 'insert', at: 1, count: 1 },
  ];
  return [
    ['importAnnotations', () => importAnnotations(input, options)],
    ['exportPdf flatten', () => exportPdf(input, [note], { ...options, mode: 'flatten' })],
    ['exportPdf native', () => exportPdf(input, [note], { ...options, mode: 'native' })],
    ['exportPdfWithReport', () => exportPdfWithReport(input, [note], options)],
    ['getPageSizes', () => getPageSizes(input, options)],
    ['rotatePages', () => rotatePages(input, [1], 90, options)],
    ['reorderPages', () => reorderPages(input, [1], options)],
    ['deletePages', () => deletePages(input, [1], options)],
    ['extractPages', () => extractPages(input, { from: 1, to: 1 }, options)],
    ['splitPdf', () => splitPdf(input, [{ from: 1, to: 1 }], options)],
    ['insertPages', () => insertPages(input, 1, 1, options)],
    ['insertPages of itself', () => insertPages(input, 1, 1, { ...options, document: input })],
    ['mergePdfs', () => mergePdfs([input, input], options)],
    ...operations.map((operation): [string, () => Promise<unknown>] => [
      `applyPageOperation ${operation.type}`,
      () => applyPageOperation(input, operation, options),
    ]),
    ['protectPdf', () => protectPdf(input, { ...options, userPassword: 'u', ownerPassword: 'o' })],
    ['unprotectPdf', () => unprotectPdf(input, password ?? '')],
    ['unprotectPdf, wrong password', () => unprotectPdf(input, 'not the password')],
    ['pdfRevision', async () => pdfRevision(input).next(new Uint8Array(input)).bytes()],
  ];
}

/**
 * Runs every public call on `input` (refusals are fine: only the bytes count) and returns the
 * calls after which `input` no longer held its original bytes.
 */
async function callsThatChange(input: Buffer, password?: string): Promise<string[]> {
  const original = Buffer.from(input);
  const changed: string[] = [];
  for (const [name, call] of publicCalls(input, password)) {
    await call().catch(() => undefined);
    if (!input.equals(original)) {
      changed.push(name);
      original.copy(input);
    }
  }
  return changed;
}

/** A Buffer as hosts get one: read from a file. */
function bufferOf(bytes: Uint8Array): Buffer {
  return readFileSync(writeTemp(bytes));
}

/** `bytes` with its `startxref` pointing nowhere: readers rebuild the file by scanning its objects. */
function withXrefLost(bytes: Uint8Array): Uint8Array {
  const text = new TextDecoder('latin1').decode(bytes).replace(/startxref\s+\d+/, 'startxref\n999999');
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

describe('the bytes given to the core', () => {
  it('stay as they were after every public function, for a file made here (plain, encrypted, damaged)', { timeout: 120_000 }, async () => {
    const plain = pagesPdf(2);
    const path = writeTemp(plain);
    const encryptedPath = `${path}.encrypted.pdf`;
    execFileSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', path, encryptedPath]);
    const encrypted = readFileSync(encryptedPath);
    expect(await callsThatChange(bufferOf(withXrefLost(plain)))).toEqual([]);
    expect(await callsThatChange(bufferOf(plain))).toEqual([]);
    // Without its password, with a wrong one, with the right one: three calls on one Buffer.
    expect(await callsThatChange(encrypted)).toEqual([]);
    expect(await callsThatChange(encrypted, 'wrong')).toEqual([]);
    expect(await callsThatChange(encrypted, 'user')).toEqual([]);
    const protectedBySdk = bufferOf(await protectPdf(plain, { userPassword: 'secret' }));
    expect(await callsThatChange(protectedBySdk)).toEqual([]);
    expect(await callsThatChange(protectedBySdk, 'secret')).toEqual([]);
  });

  it('refuses an encrypted Buffer again after a refused export, and exports it encrypted with its password', async () => {
    const path = writeTemp(pagesPdf(1));
    execFileSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', path, `${path}.encrypted.pdf`]);
    const encrypted = readFileSync(`${path}.encrypted.pdf`);
    const note = normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 10, y: 10 }, width: 40, height: 20 });
    await expect(exportPdf(encrypted, [note])).rejects.toThrow(PdfPasswordError);
    await expect(exportPdf(encrypted, [note])).rejects.toMatchObject({ reason: 'missing' });
    await expect(exportPdf(encrypted, [note], { password: 'wrong' })).rejects.toMatchObject({ reason: 'wrong' });
    const exported = await exportPdf(encrypted, [note], { password: 'user' });
    expect(showEncryption(exported, 'user')).toMatch(/R = 6/);
    expect(qpdfCheck(exported, 'user').status).toBe(0);
  });

  it('leave the font files given as Buffers as they were, through shaping and subsetting', async () => {
    const fontPath = fileURLToPath(new URL('../../fonts/DejaVuSans.ttf', import.meta.url));
    const font = readFileSync(fontPath);
    const text = normalizeAnnotation({ type: 'text', page: 1, position: { x: 10, y: 10 }, width: 150, content: 'שלום مرحبا Ωμέγα' });
    for (const mode of ['flatten', 'native'] as const) await exportPdf(pagesPdf(1), [text], { mode, fonts: { unicode: font } });
    expect(font.equals(readFileSync(fontPath))).toBe(true);
  });

  // Encrypted files (with and without a password), files only their attachments' encryption
  // covers, and damaged ones whose structure is rebuilt: the files the repairs rewrite.
  const SAMPLE: [file: string, password?: string][] = [
    [sharedPdfPath('libreoffice-writer-password.pdf')],
    [sharedPdfPath('libreoffice-writer-password.pdf'), 'openpassword'],
    [sharedPdfPath('empty_protected.pdf')],
    [sharedPdfPath('bug1020226.pdf')],
    [sharedPdfPath('xref_command_missing.pdf')],
    ...[
      'encrypted-attachment.pdf',
      'auth-event-ef-open.pdf',
      'PDFBOX-4352-0.pdf',
      'issue6010_1.pdf',
      'issue9972-2.pdf',
      'issue19484_1.pdf',
      'saslprep-r6.pdf',
      'rotated_freetexts.pdf',
      'freetext_no_appearance.pdf',
      'bug1851498.pdf',
      'Brotli-Prototype-FileA.pdf',
      'issue15893_reduced.pdf',
      'poppler-90-0-fuzzed.pdf',
      'helloworld-bad.pdf',
      'issue2177.pdf',
      'REDHAT-1531897-0.pdf',
    ].map((name): [string] => [join(CORPUS_DIR, name)]),
  ];

  it.skipIf(!hasSharedPdfs)(
    `stay as they were after every public function, for ${SAMPLE.length} real files (skipped without ../shared/pdfs)`,
    { timeout: 600_000 },
    async () => {
      const changed: string[] = [];
      for (const [path, password] of SAMPLE) {
        const calls = await callsThatChange(readFileSync(path), password);
        if (calls.length > 0) changed.push(`${path.split('/').at(-1)}${password ? ' (with password)' : ''}: ${calls.join(', ')}`);
      }
      expect(changed).toEqual([]);
    },
  );
});
