// Export as an incremental update: the original bytes stay untouched at the front of the output and
// only new and changed objects follow, in the original's xref kind; encrypted files stay encrypted
// the same way; signatures and usage rights stay valid. Checked with qpdf, poppler and pdfsig.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { P12Signer, PDF } from '../pdf/engine';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../../test-support/annotationFixtures';
import { hasColorIn, pdfsig, pdfText, qpdf, qpdfCheck, renderPagePixels } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { everyType } from '../import/testing/fixtures';
import { normalizeAnnotation } from '../model/defaults';
import { AnnotationValidationError, PdfPasswordError } from '../errors';
import { importAnnotations } from '../import/importAnnotations';
import { protectPdf } from '../pdf/protection';
import { exportPdf, exportPdfWithReport } from './exportPdf';

const run = promisify(execFile);

const greenBox = (page = 1) =>
  normalizeAnnotation({ type: 'rectangle', page, position: { x: 100, y: 100 }, width: 60, height: 40, fillStyle: 'solid', color: '#00C000' });
const words = (content: string, page = 1) => normalizeAnnotation({ type: 'text', page, position: { x: 72, y: 72 }, content });

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) =>
  bytes.length >= prefix.length && Buffer.from(bytes.buffer, bytes.byteOffset, prefix.length).equals(prefix);
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The text of the first page as pdf.js reads it. */
async function pdfjsText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  try {
    const content = await (await (await task.promise).getPage(1)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  } finally {
    await task.destroy();
  }
}

/** A self-signed certificate and its key as PKCS#12, made with openssl for this test only. */
async function selfSignedP12(password: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-sign-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    const p12 = join(dir, 'id.p12');
    await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=Marginalia Test', '-days', '2', '-keyout', key, '-out', cert]);
    await run('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', `pass:${password}`]);
    return new Uint8Array(await readFile(p12));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!hasSharedPdfs)('incremental export', () => {
  it.each(['flatten', 'native'] as const)('%s: appends to the untouched original in its xref kind (a table stays a table)', async (mode) => {
    const original = readSharedPdf('tracemonkey.pdf');
    const { bytes, incremental } = await exportPdfWithReport(original, [greenBox(2), words('Approved', 2)], { mode });
    expect(incremental).toBe(true);
    expect(startsWith(bytes, original)).toBe(true);
    const appended = latin1(bytes.subarray(original.length));
    expect(appended).toMatch(/\nxref\n/);
    expect(appended).toMatch(/\/Prev \d+/);
    // The page, its new content or annotations, and a font: a few kilobytes, not the 1 MB file again.
    expect(appended.length).toBeLessThan(12_000);
    expect((await qpdfCheck(bytes)).exitCode).toBe(0);
    expect(hasColorIn(await renderPagePixels(bytes, 2, 72), { x: 125, y: 115, width: 10, height: 10 }, COLORS.green, 30)).toBe(true);
  });

  it('appends an xref stream to a file that has one, and keeps its usage rights (/Perms) and every earlier byte', async () => {
    const original = readSharedPdf('prefilled_f1040.pdf');
    const { bytes, incremental } = await exportPdfWithReport(original, everyType(1), { mode: 'native' });
    expect(incremental).toBe(true);
    expect(startsWith(bytes, original)).toBe(true);
    const appended = latin1(bytes.subarray(original.length));
    expect(appended).toMatch(/\/Type\s*\/XRef/);
    expect(appended).not.toMatch(/\nxref\n/);
    // The catalog is not rewritten, so its /Perms (the /UR3 usage-rights signature) and what that
    // signature covers are the original's bytes.
    expect(appended).not.toMatch(/\/Perms/);
    const catalog = await qpdf(bytes, ['--show-object=trailer', '--filtered-stream-data']);
    expect(catalog.code).toBe(0);
    const root = /\/Root (\d+) 0 R/.exec(catalog.output)?.[1];
    expect((await qpdf(bytes, [`--show-object=${root}`])).output).toMatch(/\/Perms/);
    expect((await qpdfCheck(bytes)).exitCode).toBe(0);
  });

  it('rewrites the whole file when asked, and says so', async () => {
    const original = readSharedPdf('tracemonkey.pdf');
    const { bytes, incremental } = await exportPdfWithReport(original, [greenBox()], { incremental: false });
    expect(incremental).toBe(false);
    expect(startsWith(bytes, original)).toBe(false);
    expect((await qpdfCheck(bytes)).exitCode).toBe(0);
  });

  it('rewrites a file it had to repair (pdf.js opens it; pdf-lib refused it) into one qpdf accepts', async () => {
    for (const name of ['bug1250079.pdf', 'xref_command_missing.pdf']) {
      const { bytes, incremental } = await exportPdfWithReport(readSharedPdf(name), [greenBox()], { mode: 'native' });
      expect(incremental, name).toBe(false);
      expect((await qpdfCheck(bytes)).errors, name).toEqual([]);
      expect(await pdfText(bytes, 1), name).toBeDefined();
    }
  });
});

describe.skipIf(!hasSharedPdfs)('encrypted files', () => {
  it('exports into a file with an empty user password without asking, encrypted with the same handler and permissions', async () => {
    const original = readSharedPdf('empty_protected.pdf');
    const before = await qpdf(original, ['--show-encryption']);
    for (const mode of ['flatten', 'native'] as const) {
      const annotations = [greenBox(), words('Geprüft Ü Å'), { ...words('Ωμέγα, embedded'), position: { x: 72, y: 200 } }];
      const { bytes, incremental } = await exportPdfWithReport(original, annotations, { mode });
      expect(incremental).toBe(true);
      expect(startsWith(bytes, original)).toBe(true);
      expect((await qpdf(bytes, ['--show-encryption'])).output).toBe(before.output);
      expect((await qpdfCheck(bytes)).errors).toEqual([]);
      // New objects are encrypted too: poppler decrypts and shows them.
      expect(hasColorIn(await renderPagePixels(bytes, 1, 72), { x: 125, y: 115, width: 10, height: 10 }, COLORS.green, 30)).toBe(true);
      if (mode === 'flatten') {
        const text = await pdfText(bytes, 1);
        expect(text).toContain('Geprüft Ü Å');
        // An embedded, subset font, encrypted like the rest.
        expect(text).toContain('Ωμέγα, embedded');
      }
    }
  });

  it('exports into a user-password file given its password; it still needs the same password', async () => {
    const original = readSharedPdf('libreoffice-writer-password.pdf');
    const bytes = await exportPdf(original, [words('Signed off by Ana')], { password: 'openpassword' });
    expect(startsWith(bytes, original)).toBe(true);
    const encryption = (await qpdf(bytes, ['--password=openpassword', '--show-encryption'])).output;
    expect(encryption).toBe((await qpdf(original, ['--password=openpassword', '--show-encryption'])).output);
    expect(encryption).toMatch(/R = 3/);
    expect((await qpdf(bytes, ['--password=openpassword', '--check'])).code).toBe(0);
    expect((await qpdf(bytes, ['--check'])).code).toBe(2);
    expect(await pdfText(bytes, 1, 'openpassword')).toContain('Signed off by Ana');
  });

  it.each(['issue19484_1.pdf', 'issue19484_2.pdf'])(
    'rewrites %s (RC4 with a key qpdf misreads) encrypted anew with the same empty password and permissions',
    async (name) => {
      const original = readSharedPdf(`pdfjs-corpus/${name}`);
      // qpdf takes the key of /V 4 to be 128 bits and so rejects the file's own (empty) password.
      expect((await qpdf(original, ['--password=', '--check'])).output).toMatch(/invalid password/);
      for (const mode of ['flatten', 'native'] as const) {
        const { bytes, incremental } = await exportPdfWithReport(original, [words('Checked by Ana')], { mode });
        expect(incremental, mode).toBe(false);
        expect((await qpdf(bytes, ['--password=', '--check'])).code, mode).toBe(0);
        const encryption = (await qpdf(bytes, ['--password=', '--show-encryption'])).output;
        expect(encryption).toMatch(/^R = 6$/m);
        expect(encryption).toMatch(/^P = -3392$/m);
        expect(encryption).toMatch(/^User password = $/m);
        const text = await pdfjsText(bytes);
        expect(text).toContain('This PDF demonstrates an unusual');
        if (mode === 'flatten') expect(text).toContain('Checked by Ana');
        else expect(await importAnnotations(bytes)).toMatchObject([{ type: 'text', content: 'Checked by Ana' }]);
      }
    },
  );

  it('keeps many native annotations encrypted: the fast writer of unencrypted files is not used', async () => {
    const original = await protectPdf(readSharedPdf('tracemonkey.pdf'), { userPassword: 'open sesame' });
    const annotations = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].flatMap((page) => everyType(page));
    const { bytes, incremental, pagesRead } = await exportPdfWithReport(original, annotations, {
      mode: 'native',
      password: 'open sesame',
    });
    expect([incremental, pagesRead]).toEqual([true, 'all']);
    expect(startsWith(bytes, original)).toBe(true);
    const encryption = (await qpdf(bytes, ['--password=open sesame', '--show-encryption'])).output;
    expect(encryption).toBe((await qpdf(original, ['--password=open sesame', '--show-encryption'])).output);
    expect((await qpdf(bytes, ['--password=open sesame', '--check'])).code).toBe(0);
    // No annotation's text or private copy is readable without the password.
    expect(latin1(bytes)).not.toContain(annotations[0]?.id);
    await expect(importAnnotations(bytes)).rejects.toThrow(PdfPasswordError);
    expect(await importAnnotations(bytes, { password: 'open sesame' })).toEqual(annotations);
  });
});

describe.skipIf(!hasSharedPdfs)('signed files', () => {
  it('keeps a signature valid (pdfsig) when annotations are exported onto the signed file, natively or flattened', async () => {
    const pdf = await PDF.load(readSharedPdf('tracemonkey.pdf'));
    const signer = await P12Signer.create(await selfSignedP12('test'), 'test');
    const { bytes: signed } = await pdf.sign({ signer, reason: 'Approved' });
    expect(await pdfsig(signed)).toMatch(/Signature is Valid/);

    for (const mode of ['native', 'flatten'] as const) {
      const exported = await exportPdf(signed, [greenBox(1), words('Checked', 1), ...everyType(3)], { mode });
      expect(startsWith(exported, signed)).toBe(true);
      const report = await pdfsig(exported);
      expect(report, mode).toMatch(/Signature is Valid/);
      expect(report, mode).not.toMatch(/Signature is Invalid|not valid/i);
      expect((await qpdfCheck(exported)).exitCode).toBe(0);
    }
  });
});

describe('annotations that cannot be written', () => {
  it('fail the export naming the annotation and field, instead of a file without it', async () => {
    const blank = PDF.create();
    blank.addPage();
    // Refused by exportPdf's check of its input before the writer would fail on it.
    const broken = { ...greenBox(), id: 'box-without-size', width: Number.NaN };
    const failure = await exportPdf(await blank.save(), [words('kept'), broken], { mode: 'native' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnnotationValidationError);
    expect((failure as AnnotationValidationError).issues).toEqual([expect.stringMatching(/^annotations\[1\]\.width: /)]);
  });
});
