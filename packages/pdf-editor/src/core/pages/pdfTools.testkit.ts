// Test-only: runs the machine's independent PDF tools (qpdf, poppler) on bytes we produced, so
// page operations are judged by readers other than pdf-lib.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { normalizeRotation } from '../geometry/pageSpace';

const scratch = mkdtempSync(join(tmpdir(), 'marginalia-pages-'));
let written = 0;

/** Deletes the files written by this module (call from afterAll). */
export function removeTempFiles(): void {
  rmSync(scratch, { recursive: true, force: true });
}

export function writeTemp(bytes: Uint8Array): string {
  const path = join(scratch, `out-${++written}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

/** qpdf --check's exit code: 0 clean, 3 warnings, 2 errors. */
export function qpdfCheck(bytes: Uint8Array): { status: number | null; output: string } {
  const result = spawnSync('qpdf', ['--check', writeTemp(bytes)], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The text of one page (1-based) as poppler extracts it, from bytes or a file path. */
export function pageText(pdf: Uint8Array | string, page: number): string {
  const path = typeof pdf === 'string' ? pdf : writeTemp(pdf);
  const result = spawnSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', path, '-'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout;
}

export async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

/** MediaBox size and /Rotate (0, 90, 180 or 270) of every page, read back with pdf-lib. */
export async function pageGeometry(
  bytes: Uint8Array,
): Promise<Array<{ width: number; height: number; rotation: number }>> {
  const doc = await PDFDocument.load(bytes);
  return doc
    .getPages()
    .map((page) => ({ ...page.getSize(), rotation: normalizeRotation(page.getRotation().angle) }));
}
