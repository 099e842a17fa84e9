import { PdfRef, PdfStream, type PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { PdfEmptyError, PdfEncryptedError, PdfInvalidError, PdfPasswordError } from '../errors';
import { handmadePdf } from '../../test-support/handmadePdf';
import { pdfInfo, qpdf, qpdfCheck } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { openPdf } from './openPdf';
import { protectPdf } from './protection';

/** The first page's content stream, decoded (and decrypted), as text. */
function contentOf(pdf: PDF): string {
  const contents = pdf.getPage(0)?.dict.get('Contents');
  const stream = contents instanceof PdfRef ? pdf.getObject(contents) : undefined;
  return stream instanceof PdfStream ? new TextDecoder('latin1').decode(stream.getDecodedData()) : '';
}

/** A tiny PDF written by hand whose /Pages node lists itself among its kids. */
function pageTreeLoopPdf(): Uint8Array {
  return handmadePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ]);
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

  it('finds the page of bug1978317, whose xref names the wrong places in its object stream, as pdf.js does', async () => {
    const original = readSharedPdf('pdfjs-corpus/bug1978317.pdf');
    const opened = await openPdf(original);
    expect(opened.pdf.getPageCount()).toBe(1);
    expect(opened.pdf.getPage(0)?.dict.getArray('Annots')?.length).toBe(32768);
    // Corrected by an update appended to the file, not rewritten: saves still append to the original.
    expect(opened.repaired).toBe(false);
    opened.pdf.getPage(0)?.setRotation(90);
    const saved = await opened.pdf.save({ incremental: true });
    expect(saved.subarray(0, original.length)).toEqual(original);
    expect(saved.length - original.length).toBeLessThan(original.length);
    expect((await qpdfCheck(saved)).exitCode).toBe(0);
    // qpdf reads the page as pdf.js does (poppler gives up on its 32,768 annotations).
    expect((await qpdf(saved, ['--show-object=2'])).output).toMatch(/\/Rotate 90\b/);
  });

  it('salvages the page of poppler-937-0-fuzzed, whose page object no parser reads, with its content and size', async () => {
    const opened = await openPdf(readSharedPdf('pdfjs-corpus/poppler-937-0-fuzzed.pdf'));
    expect(opened.pdf.getPageCount()).toBe(1);
    const page = opened.pdf.getPage(0);
    expect(page?.getMediaBox()).toMatchObject({ width: 209.7638, height: 297.6378 });
    expect(page?.dict.get('Contents')?.toString()).toBe('4 0 R');
    expect(opened.repaired).toBe(true);
    const saved = await opened.pdf.save();
    expect((await qpdfCheck(saved)).exitCode).toBe(0);
    expect((await pdfInfo(saved)).pages).toBe(1);
  });

  it('reads Brotli-compressed streams (Brotli-Prototype-FileA) and saves them Flate-compressed, which qpdf reads', async () => {
    const opened = await openPdf(readSharedPdf('pdfjs-corpus/Brotli-Prototype-FileA.pdf'));
    expect(opened.pdf.getPageCount()).toBe(25);
    expect(opened.repaired).toBe(true);
    const saved = await opened.pdf.save();
    expect(new TextDecoder('latin1').decode(saved)).not.toContain('/BrotliDecode');
    expect((await qpdfCheck(saved)).exitCode).toBe(0);
    expect((await pdfInfo(saved)).pages).toBe(25);
  });

  it('opens auth-event-ef-open, whose encryption covers only its attachment, and saves it with that encryption kept', async () => {
    const original = readSharedPdf('pdfjs-corpus/auth-event-ef-open.pdf');
    const opened = await openPdf(original);
    expect(opened).toMatchObject({ encrypted: true, lockedAttachments: true, repaired: false });
    opened.pdf.getPage(0)?.setRotation(90);
    const saved = await opened.pdf.save();
    expect(saved.subarray(0, original.length)).toEqual(original);
    const update = new TextDecoder('latin1').decode(saved.subarray(original.length));
    expect(update).toMatch(/trailer\s*<< \/Encrypt 12 0 R /);
    expect((await pdfInfo(saved)).sizes[0]?.rotation).toBe(90);
    // Changing the protection needs the attachment's password.
    await expect(protectPdf(original, { userPassword: 'new' })).rejects.toMatchObject({ name: 'PdfPasswordError', reason: 'missing' });
  });

  it.each(['pr6531_1.pdf', 'print_protection.pdf'])(
    'asks for the password of %s, whose catalog sits in an encrypted object stream, instead of calling it damaged',
    async (name) => {
      const bytes = readSharedPdf(`pdfjs-corpus/${name}`);
      await expect(openPdf(bytes)).rejects.toMatchObject({ name: 'PdfPasswordError', reason: 'missing' });
      await expect(openPdf(bytes, { password: 'guess' })).rejects.toMatchObject({ name: 'PdfPasswordError', reason: 'wrong' });
    },
  );

  it.each(['issue19484_1.pdf', 'issue19484_2.pdf'])(
    'opens %s (RC4 with a 40 or 48-bit key under /V 4) with the key padded as Acrobat and pdf.js do',
    async (name) => {
      const opened = await openPdf(readSharedPdf(`pdfjs-corpus/${name}`));
      expect(opened).toMatchObject({ encrypted: true, repaired: true });
      expect(opened.pdf.getPageCount()).toBe(1);
      expect(opened.pdf.getProducer()).toMatch(/^Adobe Acrobat Pro/);
      // Decrypted with the padded key, its content reads as operators: a form drawn in a marked section.
      expect(contentOf(opened.pdf)).toMatch(/BMC\s+q\s+\/Fm0 Do\s+Q\s+EMC/);
      // Saved as a rewrite encrypted anew, with the same empty user password and permissions,
      // which the engine reads again and qpdf, which rejects the original's password, accepts.
      const saved = await opened.pdf.save();
      const reopened = await openPdf(saved);
      expect(contentOf(reopened.pdf)).toBe(contentOf(opened.pdf));
      expect(reopened.pdf.getSecurity()).toMatchObject({ algorithm: 'AES-256', encryptMetadata: false, permissions: opened.pdf.getSecurity().permissions });
      expect((await qpdfCheck(saved)).exitCode).toBe(0);
      // The owner password, which opening with the user password does not reveal, is not kept.
      expect(reopened.pdf.getSecurity().authenticatedAs).toBe('user');
    },
  );

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
