// Test-only: runs the machine's independent PDF tools (qpdf, poppler) on bytes we produced, so
// page operations are judged by readers other than the engine that wrote them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfInfo } from '../../test-support/pdfTools';

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

/** qpdf --check's exit code: 0 clean, 3 warnings, 2 errors; `password` opens a user-password file. */
export function qpdfCheck(bytes: Uint8Array, password?: string): { status: number | null; output: string } {
  const args = [...(password === undefined ? [] : [`--password=${password}`]), '--check', writeTemp(bytes)];
  const result = spawnSync('qpdf', args, { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** What `qpdf --show-encryption` says of the file (revision, permissions, methods); `password` opens it. */
export function showEncryption(bytes: Uint8Array, password?: string): string {
  const args = [...(password === undefined ? [] : [`--password=${password}`]), '--show-encryption', writeTemp(bytes)];
  const result = spawnSync('qpdf', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`qpdf --show-encryption failed: ${result.stderr}`);
  return result.stdout;
}

/** The text of one page (1-based) as poppler extracts it, from bytes or a file path. */
export function pageText(pdf: Uint8Array | string, page: number, password?: string): string {
  const path = typeof pdf === 'string' ? pdf : writeTemp(pdf);
  const opens = password === undefined ? [] : ['-upw', password];
  const result = spawnSync('pdftotext', [...opens, '-f', String(page), '-l', String(page), '-layout', path, '-'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout;
}

export async function pageCount(bytes: Uint8Array, password?: string): Promise<number> {
  if (password === undefined) return (await pdfInfo(bytes)).pages;
  const result = spawnSync('pdfinfo', ['-upw', password, writeTemp(bytes)], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(result.stdout)?.[1] ?? Number.NaN);
}

/** Size and /Rotate (0, 90, 180 or 270) of every page, as poppler reads them. */
export async function pageGeometry(
  bytes: Uint8Array,
): Promise<Array<{ width: number; height: number; rotation: number }>> {
  return (await pdfInfo(bytes)).sizes.map(({ width, height, rotation }) => ({ width, height, rotation }));
}

/** How many objects of the file are page dictionaries (/Type /Page), as qpdf lists them. */
export function pageObjectCount(bytes: Uint8Array): number {
  const result = spawnSync('qpdf', ['--json=2', '--json-key=qpdf', writeTemp(bytes)], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const json = JSON.parse(result.stdout) as { qpdf: [unknown, Record<string, { value?: { '/Type'?: string } }>] };
  return Object.values(json.qpdf[1]).filter((object) => object.value?.['/Type'] === '/Page').length;
}

/** Whether poppler reports the file as encrypted (`-upw` opens a user-password file). */
export function isEncrypted(bytes: Uint8Array, password?: string): boolean {
  const args = [...(password === undefined ? [] : ['-upw', password]), writeTemp(bytes)];
  const result = spawnSync('pdfinfo', args, { encoding: 'utf8' });
  return /^Encrypted:\s+yes/m.test(result.stdout);
}
