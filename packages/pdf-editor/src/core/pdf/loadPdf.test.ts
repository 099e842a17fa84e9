import { describe, expect, it } from 'vitest';
import { PdfEmptyError, PdfEncryptedError, PdfInvalidError } from '../errors';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { loadPdf } from './loadPdf';

describe.skipIf(!hasSharedPdfs)('loadPdf on real files', () => {
  it('opens an ordinary PDF', async () => {
    expect((await loadPdf(readSharedPdf('tracemonkey.pdf'))).getPageCount()).toBe(14);
  });

  it.each(['libreoffice-writer-password.pdf', 'empty_protected.pdf'])('refuses encrypted %s with PdfEncryptedError', async (name) => {
    await expect(loadPdf(readSharedPdf(name))).rejects.toThrow(PdfEncryptedError);
    await expect(loadPdf(readSharedPdf(name))).rejects.toThrow(/password-protected/);
  });

  it('refuses a non-PDF, a corrupt and a truncated PDF with PdfInvalidError', async () => {
    await expect(loadPdf(readSharedPdf('bad.pdf'))).rejects.toThrow(/not a PDF/);
    await expect(loadPdf(readSharedPdf('bug1020226.pdf'))).rejects.toThrow(PdfInvalidError);
    await expect(loadPdf(readSharedPdf('bug1250079.pdf'))).rejects.toThrow(/truncated or damaged/);
  });

  it('refuses a PDF without pages instead of inventing one', async () => {
    await expect(loadPdf(readSharedPdf('empty.pdf'))).rejects.toThrow(PdfEmptyError);
  });
});

describe('loadPdf on bytes', () => {
  it('refuses empty input', async () => {
    await expect(loadPdf(new Uint8Array())).rejects.toThrow(/empty/);
  });
});
