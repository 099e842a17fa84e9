// Type tests of signing's public API as a caller meets it from ./core: levels are checked, results
// are plain data (no type of the engine or pkijs), errors carry typed fields.
import { describe, expectTypeOf, it } from 'vitest';
import {
  signPdf,
  SigningCertificateError,
  TimestampAuthorityError,
  verifySignatures,
  type SignPdfResult,
  type VerifiedSignature,
} from '../index';

declare const pdf: Uint8Array;
declare const p12: Uint8Array;

describe('signPdf and verifySignatures', () => {
  it('takes the levels it makes and returns bytes and warnings', () => {
    expectTypeOf(signPdf(pdf, { p12, password: 'x', level: 'B-B' })).resolves.toEqualTypeOf<SignPdfResult>();
    // @ts-expect-error B-LTA is not a level signPdf makes
    void signPdf(pdf, { p12, password: 'x', level: 'B-LTA' });
    // @ts-expect-error the certificate file is required
    void signPdf(pdf, { password: 'x', level: 'B-B' });
  });

  it('returns plain data', () => {
    expectTypeOf(verifySignatures(pdf)).resolves.toEqualTypeOf<VerifiedSignature[]>();
    expectTypeOf<VerifiedSignature['trust']>().toEqualTypeOf<'trusted' | 'untrusted' | 'self-signed'>();
    expectTypeOf<VerifiedSignature['signingTime']>().toEqualTypeOf<Date | null>();
  });

  it('has typed error fields', () => {
    expectTypeOf<SigningCertificateError['reason']>().toEqualTypeOf<
      'wrong-password' | 'not-pkcs12' | 'expired' | 'not-yet-valid'
    >();
    expectTypeOf<TimestampAuthorityError['url']>().toEqualTypeOf<string>();
  });
});
