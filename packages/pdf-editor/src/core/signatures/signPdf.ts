// Signs a PDF with a PKCS#12 certificate at PAdES B-B, B-T or B-LT. The engine (@libpdf/core)
// builds the CMS signature, the timestamp request and the DSS; we add what it does not: the
// visible appearance on the page the caller chose, the certification (DocMDP) entries, and typed
// errors. Everything is appended as incremental updates, so earlier signatures stay valid.
import {
  HttpTimestampAuthority,
  P12Signer,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  SignatureError,
  SignerError,
  type PDF,
  type TimestampAuthority,
  type DigestAlgorithm,
} from '@libpdf/core';
import { InvalidInputError, PdfInvalidError } from '../errors';
import { checkBytes, checkOptions } from '../input';
import { openPdf } from '../pdf/openPdf';
import { toBytes } from '../pdf/source';
import {
  checkAppearance,
  defaultAppearanceText,
  existingBox,
  placeAppearance,
  restoreBox,
} from './appearance';
import { commonName, parseCertificate } from './certificates';
import { SigningCertificateError, SigningError, TimestampAuthorityError } from './errors';
import { revocationProvider } from './revocation';
import type { CertifyPermissions, SignPdfOptions, SignPdfResult } from './types';

const LEVELS = new Set(['B-B', 'B-T', 'B-LT']);
/** DocMDP /P values (ISO 32000-1, 12.8.2.2). */
const DOCMDP_P: Record<CertifyPermissions, number> = {
  'no-changes': 1,
  'form-filling': 2,
  'form-filling-and-annotations': 3,
};
/** Room for the CMS: the signer's chain, a timestamp token with the authority's chain. */
const CONTENTS_SIZE = 24_576;

/** The engine's HTTP authority, its failures turned into `TimestampAuthorityError` naming the URL. */
function timestampAuthority(url: string): TimestampAuthority {
  // The engine calls the fetch it keeps as its own method; a browser's fetch called on another
  // object throws "Illegal invocation", so it gets one that calls the global as a plain function.
  const http = new HttpTimestampAuthority(url, { fetch: (input, init) => globalThis.fetch(input, init) });
  return {
    async timestamp(digest: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
      try {
        return await http.timestamp(digest, algorithm);
      } catch (error) {
        throw new TimestampAuthorityError(url, error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
    },
  };
}

async function openSigner(
  p12: Uint8Array,
  password: string,
  at: Date,
): Promise<{ signer: P12Signer; name: string | null }> {
  let signer: P12Signer;
  try {
    signer = await P12Signer.create(p12, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // pkijs reports a wrong password as a failed MAC ("integrity") check or, for some ciphers, as
    // a key that does not decrypt; a file that is no PKCS#12 fails before any of that.
    const wrongPassword =
      /password|integrity|MAC|decrypt/i.test(message) && !/ASN\.1|authenticated safe/i.test(message);
    throw wrongPassword
      ? new SigningCertificateError('wrong-password', 'The password does not open this certificate file.', {
          cause: error,
        })
      : new SigningCertificateError(
          'not-pkcs12',
          `This is not a usable PKCS#12 certificate file: ${message}`,
          { cause: error },
        );
  }
  const certificate = parseCertificate(signer.certificate);
  if (!certificate)
    throw new SigningCertificateError('not-pkcs12', 'The certificate in this PKCS#12 file cannot be read.');
  if (at > certificate.notAfter.value) {
    throw new SigningCertificateError(
      'expired',
      `The signing certificate expired on ${certificate.notAfter.value.toISOString()}.`,
    );
  }
  if (at < certificate.notBefore.value) {
    throw new SigningCertificateError(
      'not-yet-valid',
      `The signing certificate is valid only from ${certificate.notBefore.value.toISOString()}.`,
    );
  }
  return { signer, name: commonName(certificate) };
}

function uniqueFieldName(pdf: PDF): string {
  const names = new Set((pdf.getForm()?.getFields() ?? []).map((field) => field.name));
  let index = 1;
  while (names.has(`Signature_${index}`)) index++;
  return `Signature_${index}`;
}

function hasSignatures(pdf: PDF): boolean {
  return (pdf.getForm()?.getSignatureFields() ?? []).some((field) => field.isSigned());
}

/** Adds the DocMDP transform to the signature dictionary and names it in the catalog's /Perms. */
function certify(pdf: PDF, field: PdfDict, permissions: CertifyPermissions): void {
  const valueRef = field.get('V');
  const signature = valueRef ? pdf.getObject(valueRef as Parameters<PDF['getObject']>[0]) : null;
  if (!(signature instanceof PdfDict) || !valueRef)
    throw new SigningError('NO_SIGNATURE_DICT', 'The engine wrote no signature dictionary.');
  const params = PdfDict.of({
    Type: PdfName.of('TransformParams'),
    P: PdfNumber.of(DOCMDP_P[permissions]),
    V: PdfName.of('1.2'),
  });
  signature.set(
    'Reference',
    PdfArray.of(
      PdfDict.of({
        Type: PdfName.of('SigRef'),
        TransformMethod: PdfName.of('DocMDP'),
        TransformParams: params,
      }),
    ),
  );
  pdf.getCatalog().set('Perms', PdfDict.of({ DocMDP: valueRef }));
}

function checkSignOptions(options: SignPdfOptions): void {
  checkOptions(options);
  checkBytes(options.p12, 'options.p12');
  if (typeof options.password !== 'string')
    throw new InvalidInputError('options.password', 'must be a string');
  if (!LEVELS.has(options.level))
    throw new InvalidInputError('options.level', "must be 'B-B', 'B-T' or 'B-LT'");
  if (options.level !== 'B-B' && !options.timestampUrl) {
    throw new InvalidInputError(
      'options.timestampUrl',
      `is required at ${options.level}: the level's timestamp comes from it`,
    );
  }
  if (options.certify && !(options.certify.permissions in DOCMDP_P)) {
    throw new InvalidInputError(
      'options.certify.permissions',
      "must be 'no-changes', 'form-filling' or 'form-filling-and-annotations'",
    );
  }
}

/**
 * Signs `source` with the certificate in `options.p12`. Returns new bytes (the input followed by
 * incremental updates); the input is never changed. Throws `SigningCertificateError` (wrong
 * password, not a PKCS#12 file, certificate expired or not yet valid), `TimestampAuthorityError`
 * (the authority at `timestampUrl` is unreachable or refuses), `PdfPasswordError` (an encrypted PDF
 * without its password), `PdfInvalidError`, `InvalidInputError`, `SigningError`.
 */
export async function signPdf(
  source: Uint8Array | ArrayBuffer,
  options: SignPdfOptions,
): Promise<SignPdfResult> {
  checkBytes(source, 'source');
  checkSignOptions(options);
  const signingTime = options.signingTime ?? new Date();
  const { signer, name } = await openSigner(new Uint8Array(options.p12), options.password, signingTime);
  // A copy: the engine appends to the bytes it loaded.
  const opened = await openPdf(
    new Uint8Array(toBytes(source)),
    options.pdfPassword === undefined ? {} : { password: options.pdfPassword },
  );
  const { pdf } = opened;
  if (opened.repaired) {
    throw new PdfInvalidError(
      'The file is damaged (its structure had to be rebuilt): save it again before signing, so the signature covers what readers see.',
    );
  }
  if (options.appearance) checkAppearance(options.appearance, pdf.getPageCount());
  if (options.certify && hasSignatures(pdf)) {
    throw new SigningError(
      'ALREADY_SIGNED',
      'A certification signature must be the first signature of a document; this one is already signed.',
    );
  }
  const fieldName = options.fieldName ?? uniqueFieldName(pdf);
  const { appearance, certify: certification } = options;
  const keptBox = appearance ? undefined : existingBox(pdf, fieldName);
  if (appearance || keptBox || certification) {
    // The engine fills in its signature field (an invisible widget: a zero /Rect on page 1, any
    // box the field had taken off its page), then saves; our box and the certification entries
    // must be in that save, inside the signed revision, so they go in just before it.
    const save = pdf.save.bind(pdf);
    let first = true;
    pdf.save = async (saveOptions) => {
      if (first) {
        first = false;
        const field = pdf.getForm()?.getField(fieldName);
        const ref = field?.getRef();
        if (!field || !ref)
          throw new SigningError('NO_FIELD', `The engine wrote no signature field "${fieldName}".`);
        if (appearance)
          placeAppearance(
            pdf,
            ref,
            field.getDict(),
            appearance,
            appearance.text ?? defaultAppearanceText(name, signingTime),
          );
        else if (keptBox) restoreBox(pdf, ref, field.getDict(), keptBox);
        if (certification) certify(pdf, field.getDict(), certification.permissions);
      }
      return save(saveOptions);
    };
  }
  try {
    const result = await pdf.sign({
      signer,
      fieldName,
      level: options.level,
      signingTime,
      estimatedSize: CONTENTS_SIZE,
      revocationProvider,
      ...(options.reason === undefined ? {} : { reason: options.reason }),
      ...(options.location === undefined ? {} : { location: options.location }),
      ...(options.contactInfo === undefined ? {} : { contactInfo: options.contactInfo }),
      // The engine timestamps whenever it is given an authority, whatever the level.
      ...(options.level === 'B-B' || options.timestampUrl === undefined
        ? {}
        : { timestampAuthority: timestampAuthority(options.timestampUrl) }),
    });
    return { bytes: result.bytes, warnings: result.warnings.map((warning) => warning.message) };
  } catch (error) {
    if (
      error instanceof TimestampAuthorityError ||
      error instanceof SigningError ||
      error instanceof InvalidInputError
    )
      throw error;
    if (error instanceof SignerError)
      throw new SigningCertificateError('not-pkcs12', error.message, { cause: error });
    if (error instanceof SignatureError) throw new SigningError(error.code, error.message, { cause: error });
    throw error;
  }
}
