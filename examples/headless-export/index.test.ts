// Runs the CLI as a user would, on real PDFs, and checks its output with independent tools
// (qpdf, pdfinfo, pdftotext), never with the library that wrote it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const sharedPdfs = process.env.MARGINALIA_SHARED_PDFS ?? resolve(here, '../../../shared/pdfs');
const work = mkdtempSync(join(tmpdir(), 'marginalia-headless-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, [join(here, 'index.mjs'), ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function pageCount(path: string): number {
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);
}

function pageText(path: string, page: number): string {
  return execFileSync('pdftotext', ['-raw', '-f', String(page), '-l', String(page), path, '-'], {
    encoding: 'utf8',
  });
}

/** `qpdf --check` exit status: 0 clean, 3 warnings, 2 errors. */
function qpdfCheck(path: string): number {
  return spawnSync('qpdf', ['--check', path]).status ?? -1;
}

/** The /Subtype of every annotation listed in a page's /Annots, read with qpdf's JSON output. */
function annotationSubtypes(path: string, page: number): string[] {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json', path], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  ) as {
    pages: { object: string }[];
    qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>];
  };
  const objects = json.qpdf[1];
  const pageObject = objects[`obj:${json.pages[page - 1]?.object}`]?.value ?? {};
  const annots = pageObject['/Annots'];
  const refs: unknown[] = Array.isArray(annots)
    ? annots
    : typeof annots === 'string'
      ? ((objects[`obj:${annots}`]?.value as unknown as unknown[]) ?? [])
      : [];
  return refs.map((ref) => String(objects[`obj:${String(ref)}`]?.value?.['/Subtype'] ?? ''));
}

describe.skipIf(!existsSync(sharedPdfs))('headless export CLI', () => {
  const input = join(sharedPdfs, 'tracemonkey.pdf');
  const annotations = join(here, 'annotations.json');

  it('burns the annotations into the page content (flatten) without changing the page count', () => {
    const out = join(work, 'flat.pdf');
    const result = cli(input, annotations, out);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('6 annotation(s) on 2 page(s), flatten');
    expect(qpdfCheck(out)).toBe(0);
    expect(pageCount(out)).toBe(14);
    expect(pageText(out, 1)).toContain('Reviewed by Marginalia');
    expect(annotationSubtypes(out, 1)).toEqual([]);
  });

  it('writes native annotations with --native, which viewers list as annotation objects', () => {
    const out = join(work, 'native.pdf');
    const result = cli(input, annotations, out, '--native');
    expect(result.code, result.stderr).toBe(0);
    expect(qpdfCheck(out)).toBe(0);
    expect(pageCount(out)).toBe(14);
    expect(annotationSubtypes(out, 1)).toEqual(
      expect.arrayContaining(['/FreeText', '/Highlight', '/Square']),
    );
    expect(annotationSubtypes(out, 2)).toEqual(expect.arrayContaining(['/Circle', '/Line', '/Ink']));
  });

  it('adds the free-version watermark with --watermark, only on annotated pages', () => {
    const out = join(work, 'watermarked.pdf');
    expect(cli(input, annotations, out, '--watermark').code).toBe(0);
    expect(qpdfCheck(out)).toBe(0);
    // The watermark runs diagonally, so pdftotext -raw prints it one letter per line.
    const compact = (page: number) => pageText(out, page).replace(/\s+/g, '');
    expect(compact(1)).toContain('FreeVersion');
    expect(compact(2)).toContain('FreeVersion');
    expect(compact(3)).not.toContain('FreeVersion');
  });

  it('fills defaults for sparse input and reports invalid annotations by index and field', () => {
    const sparse = join(work, 'sparse.json');
    writeFileSync(sparse, JSON.stringify([{ type: 'text', page: 3, content: 'Ωμέγα' }]));
    const out = join(work, 'sparse.pdf');
    expect(cli(input, sparse, out).code).toBe(0);
    expect(pageText(out, 3)).toContain('Ωμέγα');

    const invalid = join(work, 'invalid.json');
    writeFileSync(
      invalid,
      JSON.stringify([
        { type: 'text', page: 1, content: 'ok' },
        { type: 'circle', page: 1, radius: -4 },
      ]),
    );
    const result = cli(input, invalid, join(work, 'never.pdf'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/annotations\[1\]\.radius/);
    expect(existsSync(join(work, 'never.pdf'))).toBe(false);
  });

  it('asks for the password of a PDF that needs one, writes nothing without it, and keeps the file encrypted', () => {
    const locked = join(sharedPdfs, 'libreoffice-writer-password.pdf');
    const out = join(work, 'locked-out.pdf');
    const missing = cli(locked, annotations, out);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('password-protected');
    expect(existsSync(out)).toBe(false);

    const wrong = cli(locked, annotations, out, '--password', 'guess');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The password is not correct');
    expect(existsSync(out)).toBe(false);

    // Page 1 only: the sample file has one page.
    const single = join(work, 'single.json');
    writeFileSync(single, JSON.stringify([{ type: 'text', page: 1, content: 'Seen' }]));
    expect(cli(locked, single, out, '--password', 'openpassword').code).toBe(0);
    expect(spawnSync('qpdf', ['--check', out]).status).toBe(2);
    expect(spawnSync('qpdf', ['--check', '--password=openpassword', out]).status).toBe(0);
  });

  it('exports a PDF encrypted with an empty user password without asking, still encrypted', () => {
    const out = join(work, 'empty-password-out.pdf');
    const single = join(work, 'single-empty.json');
    writeFileSync(single, JSON.stringify([{ type: 'text', page: 1, content: 'Seen' }]));
    expect(cli(join(sharedPdfs, 'empty_protected.pdf'), single, out).code).toBe(0);
    expect(execFileSync('qpdf', ['--show-encryption', out], { encoding: 'utf8' })).toMatch(/R = 6/);
  });

  it('prints usage and exits 2 when arguments are missing', () => {
    const result = cli(input);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: node index.mjs input.pdf annotations.json out.pdf');
  });
});
