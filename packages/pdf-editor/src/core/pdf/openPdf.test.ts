import { describe, expect, it } from 'vitest';
import { PdfEmptyError, PdfEncryptedError, PdfInvalidError, PdfPasswordError } from '../errors';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { openPdf } from './openPdf';

/** A tiny PDF written by hand whose /Pages node lists itself among its kids. */
function pageTreeLoopPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

describe.skipIf(!hasSharedPdfs)('openPdf on real files', () => {
  it('opens an ordinary PDF, not repaired, not encrypted', async () => {
    const opened = await openPdf(readSharedPdf('tracemonkey.pdf'));
    expect(opened.pdf.getPageCount()).toBe(14);
    expect(opened).toMatchObject({ repaired: false, encrypted: false });
  });

  it('opens a file encrypted with an empty user password without asking for one', async () => {
    const opened = await openPdf(readSharedPdf('empty_protected.pdf'));
    expect(opened.pdf.getPageCount()).toBe(1);
    expect(opened.encrypted).toBe(true);
  });

  it('opens a user-password file with its password and refuses it without or with a wrong one', async () => {
    const bytes = readSharedPdf('libreoffice-writer-password.pdf');
    const opened = await openPdf(bytes, { password: 'openpassword' });
    expect(opened).toMatchObject({ encrypted: true, repaired: false });
    expect(opened.pdf.getPageCount()).toBe(1);
    const missing = await openPdf(bytes).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(PdfPasswordError);
    expect(missing).toBeInstanceOf(PdfEncryptedError);
    expect(missing).toMatchObject({ reason: 'missing', name: 'PdfPasswordError' });
    await expect(openPdf(bytes, { password: 'guess' })).rejects.toMatchObject({ reason: 'wrong' });
  });

  it('repairs the damaged files readers open and says so', async () => {
    for (const name of ['xref_command_missing.pdf', 'bug1250079.pdf']) {
      const opened = await openPdf(readSharedPdf(name));
      expect(opened.repaired, name).toBe(true);
      expect(opened.pdf.getPageCount(), name).toBe(1);
    }
  });

  it.each(['bug1851498.pdf', 'rotated_freetexts.pdf', 'operator_list_cycle.pdf'])(
    'rebuilds %s, whose xref chain leads to no catalog or page tree, from its objects as pdf.js does',
    async (name) => {
      const opened = await openPdf(readSharedPdf(`pdfjs-corpus/${name}`));
      expect(opened.repaired).toBe(true);
      expect(opened.pdf.getPageCount()).toBe(1);
    },
  );

  it.each(['pr6531_1.pdf', 'print_protection.pdf'])(
    'asks for the password of %s, whose catalog sits in an encrypted object stream, instead of calling it damaged',
    async (name) => {
      const bytes = readSharedPdf(`pdfjs-corpus/${name}`);
      await expect(openPdf(bytes)).rejects.toMatchObject({ name: 'PdfPasswordError', reason: 'missing' });
      await expect(openPdf(bytes, { password: 'guess' })).rejects.toMatchObject({ name: 'PdfPasswordError', reason: 'wrong' });
    },
  );

  it('still calls a damaged encrypted file whose empty password is right damaged, not protected', async () => {
    await expect(openPdf(readSharedPdf('pdfjs-corpus/issue19484_1.pdf'))).rejects.toThrow(PdfInvalidError);
  });

  it('refuses a non-PDF and a PDF no reader opens with PdfInvalidError', async () => {
    await expect(openPdf(readSharedPdf('bad.pdf'))).rejects.toThrow(/not a PDF/);
    await expect(openPdf(readSharedPdf('bug1020226.pdf'))).rejects.toThrow(PdfInvalidError);
  });

  it('refuses a PDF without pages unless allowed', async () => {
    await expect(openPdf(readSharedPdf('empty.pdf'))).rejects.toThrow(PdfEmptyError);
    expect((await openPdf(readSharedPdf('empty.pdf'), { allowEmpty: true })).pdf.getPageCount()).toBe(0);
  });
});

describe('openPdf on bytes', () => {
  it('refuses empty input', async () => {
    await expect(openPdf(new Uint8Array())).rejects.toThrow(PdfInvalidError);
  });

  it('opens a page tree that lists itself among its kids (pdf-lib overflowed its stack) with its one page', async () => {
    const opened = await openPdf(pageTreeLoopPdf());
    expect(opened.pdf.getPageCount()).toBe(1);
  });
});
