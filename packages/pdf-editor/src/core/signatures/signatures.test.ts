// Signing and verifying against real tools: openssl makes the certificates and answers as the
// timestamp authority (on loopback), poppler's pdfsig judges the signatures, pdftoppm the visible box.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PdfPasswordError } from '../errors';
import { exportPdf } from '../export/exportPdf';
import { normalizeAnnotation } from '../model/defaults';
import { protectPdf } from '../pdf/protection';
import { handmadePdf, pagesPdf, streamObject } from '../../test-support/handmadePdf';
import { solidPng } from '../../test-support/images';
import { isColor, pdfsig, renderPagePixels } from '../../test-support/pdfTools';
import {
  hasOpenssl,
  hasPdfsig,
  makeTestPki,
  P12_PASSWORD,
  startLocalTsa,
  type LocalTsa,
  type TestPki,
} from '../../test-support/pki';
import { hasSharedPdfs, readSharedPdf, sharedPdfPath } from '../../test-support/sharedPdfs';
import { SigningCertificateError, TimestampAuthorityError } from './errors';
import { signPdf } from './signPdf';
import type { SigningLevel } from './types';
import { verifySignatures } from './verifySignatures';

const tools = hasOpenssl && hasPdfsig;
if (!tools) console.warn('Skipping the signature tests: openssl and pdfsig (poppler-utils) are needed.');

const VALID = 'Signature is Valid.';
/** pdfsig's verdict lines, one per signature. */
function verdicts(report: string): string[] {
  return [...report.matchAll(/Signature Validation: (.*)/g)].map((match) => match[1] ?? '');
}

function rectangle(page: number) {
  return normalizeAnnotation({
    type: 'rectangle',
    page,
    position: { x: 120, y: 20 },
    width: 40,
    height: 30,
    color: '#ff0000',
  });
}

describe.skipIf(!tools)('signPdf and verifySignatures', () => {
  let pki: TestPki;
  let tsa: LocalTsa;
  const unsigned = pagesPdf(2);
  const signed = new Map<SigningLevel, Uint8Array>();

  beforeAll(async () => {
    pki = await makeTestPki();
    tsa = await startLocalTsa(pki);
  }, 120_000);
  afterAll(async () => {
    await tsa?.close();
    await pki?.close();
  });

  async function sign(level: SigningLevel, source = unsigned) {
    const { bytes } = await signPdf(source, {
      p12: pki.signerP12,
      password: P12_PASSWORD,
      level,
      timestampUrl: tsa.url,
      reason: 'I approve this document',
      location: 'Lisbon',
      contactInfo: 'ada@example.test',
    });
    return bytes;
  }

  test.each(['B-B', 'B-T', 'B-LT'] as const)(
    'signs at %s: pdfsig says valid, and verifySignatures reads it back',
    async (level) => {
      const before = new Uint8Array(unsigned);
      const bytes = await sign(level);
      signed.set(level, bytes);
      expect(unsigned).toEqual(before);
      expect(verdicts(await pdfsig(bytes))).toEqual([VALID]);
      const [signature, ...others] = await verifySignatures(bytes, { trustedRoots: [pki.caPem] });
      expect(others).toEqual([]);
      expect(signature).toMatchObject({
        kind: 'signature',
        subFilter: 'ETSI.CAdES.detached',
        signer: { commonName: 'Ada Signer', email: 'ada@example.test', issuer: 'Marginalia Test CA' },
        level,
        reason: 'I approve this document',
        location: 'Lisbon',
        contactInfo: 'ada@example.test',
        integrity: 'valid',
        trust: 'trusted',
        coversWholeDocument: level !== 'B-LT',
        changesAfter: { allowedByDocMdp: null },
      });
      expect(signature?.timestamp?.authority ?? null).toBe(level === 'B-B' ? null : 'Marginalia Test TSA');
      if (level === 'B-LT') {
        // The DSS, with the signer's OCSP response from the CA's responder (named in the certificate).
        const text = new TextDecoder('latin1').decode(bytes);
        expect(text).toMatch(/\/DSS\s+\d+ 0 R/);
        expect(text).toMatch(/\/OCSPs\s*\[\s*\d+ 0 R/);
      }
      // Without the CA among the roots, the same signature is intact but not trusted.
      expect((await verifySignatures(bytes))[0]).toMatchObject({ integrity: 'valid', trust: 'untrusted' });
    },
    60_000,
  );

  test.each(['B-B', 'B-T', 'B-LT'] as const)(
    'a native annotation export after signing at %s keeps the signature valid',
    async (level) => {
      const bytes = signed.get(level) ?? (await sign(level));
      const annotated = await exportPdf(bytes, [rectangle(1)], { mode: 'native' });
      expect(annotated.subarray(0, bytes.length)).toEqual(bytes);
      expect(verdicts(await pdfsig(annotated))).toEqual([VALID]);
      const [signature] = await verifySignatures(annotated);
      expect(signature).toMatchObject({
        integrity: 'valid',
        coversWholeDocument: false,
        changesAfter: { present: true, allowedByDocMdp: null },
      });
    },
    60_000,
  );

  test('a byte changed inside the signed range makes pdfsig and verifySignatures say invalid', async () => {
    const bytes = new Uint8Array(signed.get('B-B') ?? (await sign('B-B')));
    // In the original page content, so inside the first signed range ("0 0 1 rg": blue becomes 0 0 2).
    const at = new TextDecoder('latin1').decode(bytes).indexOf('0 0 1 rg') + 4;
    expect(at).toBeGreaterThan(3);
    bytes[at] = '2'.charCodeAt(0);
    expect(verdicts(await pdfsig(bytes))).not.toContain(VALID);
    expect((await verifySignatures(bytes))[0]?.integrity).toBe('digest-mismatch');
  }, 60_000);

  test('a visible signature draws the image, name and date in its rect and nothing outside it', async () => {
    const rect = { x: 20, y: 130, width: 160, height: 50 };
    const { bytes } = await signPdf(unsigned, {
      p12: pki.signerP12,
      password: P12_PASSWORD,
      level: 'B-B',
      appearance: { page: 2, rect, image: solidPng(40, 20, { r: 255, g: 0, b: 0 }) },
    });
    expect(verdicts(await pdfsig(bytes))).toEqual([VALID]);
    const dpi = 72;
    const [before, after, pageOne] = await Promise.all([
      renderPagePixels(unsigned, 2, dpi),
      renderPagePixels(bytes, 2, dpi),
      renderPagePixels(bytes, 1, dpi),
    ]);
    const untouched = await renderPagePixels(unsigned, 1, dpi);
    let inside = 0;
    let outside = 0;
    let red = 0;
    for (let y = 0; y < after.height; y++) {
      for (let x = 0; x < after.width; x++) {
        const a = after.getPixel(x, y);
        const b = before.getPixel(x, y);
        const changed = a.r !== b.r || a.g !== b.g || a.b !== b.b;
        const within = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
        if (changed && within) inside++;
        if (changed && !within) outside++;
        if (within && a.r > 200 && a.g < 60 && a.b < 60) red++;
      }
    }
    expect(inside).toBeGreaterThan(200);
    expect(outside).toBe(0);
    expect(red).toBeGreaterThan(100);
    // Page 1, where the engine puts its invisible widget, is unchanged.
    expect(pageOne.getPixel(10, 10)).toEqual(untouched.getPixel(10, 10));
    const [signature] = await verifySignatures(bytes);
    expect(signature?.integrity).toBe('valid');
  }, 60_000);

  test("signing into a form's empty signature field keeps the field's visible box", async () => {
    const withField = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R] >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << >> /Annots [5 0 R] >>',
      streamObject('', '0 0 1 rg 20 20 50 50 re f'),
      '<< /FT /Sig /T (Approver) /Type /Annot /Subtype /Widget /Rect [100 120 180 160] /P 3 0 R /F 4 /AP << /N 6 0 R >> >>',
      streamObject('/Type /XObject /Subtype /Form /BBox [0 0 80 40]', '0 0.6 0 rg 0 0 80 40 re f'),
    ]);
    const green = { r: 0, g: 153, b: 0 };
    expect(isColor((await renderPagePixels(withField, 1, 72)).getPixel(140, 60), green)).toBe(true);
    const { bytes } = await signPdf(withField, {
      p12: pki.signerP12,
      password: P12_PASSWORD,
      level: 'B-B',
      fieldName: 'Approver',
    });
    expect(verdicts(await pdfsig(bytes))).toEqual([VALID]);
    expect(isColor((await renderPagePixels(bytes, 1, 72)).getPixel(140, 60), green)).toBe(true);
    expect((await verifySignatures(bytes))[0]).toMatchObject({ fieldName: 'Approver', integrity: 'valid' });
  }, 60_000);

  test('countersigning appends a second signature and both stay valid', async () => {
    const first = signed.get('B-T') ?? (await sign('B-T'));
    const { bytes } = await signPdf(first, {
      p12: pki.secondP12,
      password: P12_PASSWORD,
      level: 'B-B',
      reason: 'Countersigned',
    });
    expect(bytes.subarray(0, first.length)).toEqual(first);
    expect(verdicts(await pdfsig(bytes))).toEqual([VALID, VALID]);
    const signatures = await verifySignatures(bytes, { trustedRoots: [pki.caPem] });
    expect(
      signatures.map((signature) => [
        signature.signer?.commonName,
        signature.integrity,
        signature.coversWholeDocument,
        signature.trust,
      ]),
    ).toEqual([
      ['Ada Signer', 'valid', false, 'trusted'],
      ['Bob Countersigner', 'valid', true, 'trusted'],
    ]);
  }, 60_000);

  test('a certification signature: pdfsig valid; later annotations allowed at level 3 and not at level 1', async () => {
    for (const [permissions, allowed] of [
      ['form-filling-and-annotations', true],
      ['no-changes', false],
    ] as const) {
      const { bytes } = await signPdf(unsigned, {
        p12: pki.signerP12,
        password: P12_PASSWORD,
        level: 'B-B',
        certify: { permissions },
      });
      expect(verdicts(await pdfsig(bytes))).toEqual([VALID]);
      const [certified] = await verifySignatures(bytes);
      expect(certified).toMatchObject({
        kind: 'certification',
        certifyPermissions: permissions,
        changesAfter: { present: false, allowedByDocMdp: true },
      });
      const annotated = await exportPdf(bytes, [rectangle(2)], { mode: 'native' });
      const [after] = await verifySignatures(annotated);
      expect(after).toMatchObject({
        integrity: 'valid',
        changesAfter: { present: true, allowedByDocMdp: allowed },
      });
    }
  }, 60_000);

  test('a self-signed certificate verifies but is reported as self-signed', async () => {
    const { bytes } = await signPdf(unsigned, {
      p12: pki.selfSignedP12,
      password: P12_PASSWORD,
      level: 'B-B',
    });
    expect(verdicts(await pdfsig(bytes))).toEqual([VALID]);
    expect((await verifySignatures(bytes, { trustedRoots: [pki.caPem] }))[0]).toMatchObject({
      signer: { commonName: 'Sam Selfsigned', email: null },
      integrity: 'valid',
      trust: 'self-signed',
    });
  }, 60_000);

  test('bad input gets typed errors and the input stays as it was', async () => {
    const options = { p12: pki.signerP12, password: P12_PASSWORD, level: 'B-B' as const };
    await expect(signPdf(unsigned, { ...options, password: 'wrong' })).rejects.toMatchObject({
      name: 'SigningCertificateError',
      reason: 'wrong-password',
    });
    await expect(signPdf(unsigned, { ...options, p12: unsigned })).rejects.toMatchObject({
      name: 'SigningCertificateError',
      reason: 'not-pkcs12',
    });
    await expect(signPdf(unsigned, { ...options, p12: pki.expiredP12 })).rejects.toMatchObject({
      name: 'SigningCertificateError',
      reason: 'expired',
    });
    await expect(signPdf(unsigned, { ...options, p12: pki.expiredP12 })).rejects.toBeInstanceOf(
      SigningCertificateError,
    );
    // A port nothing listens on: the error names the URL.
    const closed = await startLocalTsa(pki);
    await closed.close();
    const unreachable = signPdf(unsigned, { ...options, level: 'B-T', timestampUrl: closed.url });
    await expect(unreachable).rejects.toBeInstanceOf(TimestampAuthorityError);
    await expect(unreachable).rejects.toMatchObject({ url: closed.url });
    await expect(signPdf(unsigned, { ...options, level: 'B-T' })).rejects.toMatchObject({
      name: 'InvalidInputError',
      field: 'options.timestampUrl',
    });
    await expect(
      signPdf(unsigned, { ...options, appearance: { page: 3, rect: { x: 0, y: 0, width: 10, height: 10 } } }),
    ).rejects.toMatchObject({ field: 'appearance.page' });
    const locked = await protectPdf(unsigned, { userPassword: 'open sesame' });
    const lockedCopy = new Uint8Array(locked);
    await expect(signPdf(locked, options)).rejects.toBeInstanceOf(PdfPasswordError);
    await expect(verifySignatures(locked)).rejects.toBeInstanceOf(PdfPasswordError);
    expect(locked).toEqual(lockedCopy);
  }, 60_000);

  test('Buffers given (plain, damaged, encrypted; the .p12 too) hold the same bytes afterwards', async () => {
    const bufferOf = (bytes: Uint8Array, name: string) => {
      writeFileSync(join(pki.dir, name), bytes);
      return readFileSync(join(pki.dir, name));
    };
    const damaged = new TextDecoder('latin1')
      .decode(unsigned)
      .replace(/startxref\s+\d+/, 'startxref\n999999');
    const inputs = [
      bufferOf(unsigned, 'plain.pdf'),
      bufferOf(
        Uint8Array.from(damaged, (char) => char.charCodeAt(0)),
        'damaged.pdf',
      ),
      bufferOf(await protectPdf(unsigned, { userPassword: 'u' }), 'encrypted.pdf'),
    ];
    const p12 = bufferOf(pki.signerP12, 'signer.p12');
    const p12Before = Buffer.from(p12);
    for (const input of inputs) {
      const before = Buffer.from(input);
      for (const pdfPassword of [undefined, 'u']) {
        const passwordOption = pdfPassword === undefined ? {} : { pdfPassword };
        await signPdf(input, {
          p12,
          password: P12_PASSWORD,
          level: 'B-LT',
          timestampUrl: tsa.url,
          ...passwordOption,
          appearance: { page: 1, rect: { x: 5, y: 5, width: 60, height: 20 } },
        }).catch(() => undefined);
        await verifySignatures(input, passwordOption).catch(() => undefined);
      }
      expect(input.equals(before)).toBe(true);
    }
    expect(p12.equals(p12Before)).toBe(true);
  }, 60_000);

  test('an encrypted PDF is signed with its password and stays encrypted', async () => {
    const locked = await protectPdf(unsigned, { userPassword: 'open sesame' });
    const { bytes } = await signPdf(locked, {
      p12: pki.signerP12,
      password: P12_PASSWORD,
      level: 'B-B',
      pdfPassword: 'open sesame',
    });
    expect(bytes.subarray(0, locked.length)).toEqual(locked);
    const path = join(pki.dir, 'encrypted-signed.pdf');
    writeFileSync(path, bytes);
    const report = execFileSync('pdfsig', ['-upw', 'open sesame', path], { encoding: 'utf8' });
    expect(verdicts(report)).toEqual([VALID]);
    expect((await verifySignatures(bytes, { pdfPassword: 'open sesame' }))[0]?.integrity).toBe('valid');
    await expect(verifySignatures(bytes)).rejects.toBeInstanceOf(PdfPasswordError);
  }, 60_000);

  test.skipIf(!hasSharedPdfs)(
    'signs tracemonkey.pdf at B-T, and it stays valid after a native export',
    async () => {
      const source = readSharedPdf('tracemonkey.pdf');
      const bytes = await sign('B-T', source);
      expect(verdicts(await pdfsig(bytes))).toEqual([VALID]);
      const annotated = await exportPdf(bytes, [rectangle(1)], { mode: 'native' });
      expect(verdicts(await pdfsig(annotated))).toEqual([VALID]);
      expect((await verifySignatures(annotated))[0]).toMatchObject({ integrity: 'valid', level: 'B-T' });
    },
    60_000,
  );
});

const corpus = sharedPdfPath('pdfjs-corpus');
describe.skipIf(!hasPdfsig || !hasSharedPdfs)('verifySignatures on signed files made by others', () => {
  const files = hasSharedPdfs
    ? readdirSync(corpus).filter(
        (name) => name.endsWith('.pdf') && readFileSync(join(corpus, name)).includes('/ByteRange'),
      )
    : [];

  test.each(files)(
    '%s: the same signatures as pdfsig, valid where pdfsig says valid',
    async (name) => {
      const bytes = new Uint8Array(readFileSync(join(corpus, name)));
      let report: string;
      try {
        report = execFileSync('pdfsig', [join(corpus, name)], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        report = String((error as { stdout?: string }).stdout ?? '');
      }
      const expected = verdicts(report);
      const signatures = await verifySignatures(bytes);
      expect(signatures.length).toBe(expected.length);
      expect(signatures.map((signature) => signature.integrity === 'valid')).toEqual(
        expected.map((verdict) => verdict === VALID),
      );
    },
    60_000,
  );
});
