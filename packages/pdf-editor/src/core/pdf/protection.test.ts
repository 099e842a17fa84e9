// Protect PDF: AES-256 with a user and an owner password and permissions, read back by qpdf and
// poppler (tools that did not write it); and protection taken off again.
import { describe, expect, it } from 'vitest';
import { pdfText, qpdf } from '../../test-support/pdfTools';
import { hasSharedPdfs, readSharedPdf } from '../../test-support/sharedPdfs';
import { PdfEncryptedError, PdfPasswordError } from '../errors';
import { protectPdf, unprotectPdf } from './protection';

const showEncryption = (bytes: Uint8Array, password: string) => qpdf(bytes, [`--password=${password}`, '--show-encryption']);
const check = (bytes: Uint8Array, password: string) => qpdf(bytes, [`--password=${password}`, '--check']);

describe.skipIf(!hasSharedPdfs)('protectPdf and unprotectPdf', () => {
  it('encrypts with AES-256: the user password opens it with the permissions given, the owner password with all', async () => {
    const locked = await protectPdf(readSharedPdf('tracemonkey.pdf'), {
      userPassword: 'open sesame',
      ownerPassword: 'admin',
      permissions: { copy: false, modify: false },
    });
    expect((await check(locked, 'open sesame')).code).toBe(0);
    const asUser = await showEncryption(locked, 'open sesame');
    expect(asUser.output).toMatch(/R = 6/);
    expect(asUser.output).toMatch(/extract for any purpose: not allowed/);
    expect(asUser.output).toMatch(/modify other: not allowed/);
    expect(asUser.output).toMatch(/print high resolution: allowed/);
    expect(asUser.output).toMatch(/stream encryption method: AESv3/);
    expect((await showEncryption(locked, 'admin')).output).toMatch(/Supplied password is owner password/);
    expect((await check(locked, '')).code).toBe(2);
    await expect(unprotectPdf(locked, 'wrong')).rejects.toThrow(PdfPasswordError);
  });

  it('removes the protection with the owner password: the result opens without one and reads the same', async () => {
    const original = readSharedPdf('tracemonkey.pdf');
    const locked = await protectPdf(original, { userPassword: 'u', ownerPassword: 'o' });
    const open = await unprotectPdf(locked, 'o');
    expect((await showEncryption(open, '')).output).toMatch(/File is not encrypted/);
    expect(await pdfText(open, 1)).toBe(await pdfText(original, 1));
  });

  it("removes a user-password file's protection with its user password when that allows changes", async () => {
    const open = await unprotectPdf(readSharedPdf('libreoffice-writer-password.pdf'), 'openpassword');
    expect((await showEncryption(open, '')).output).toMatch(/File is not encrypted/);
    expect((await check(open, '')).code).toBe(0);
  });

  it('refuses to lift protection that the password given does not allow changing', async () => {
    // Opens without a password, but changes need the owner password, which is not published.
    await expect(unprotectPdf(readSharedPdf('empty_protected.pdf'), '')).rejects.toThrow(PdfEncryptedError);
  });
});
