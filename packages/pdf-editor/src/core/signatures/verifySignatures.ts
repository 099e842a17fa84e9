// Lists a PDF's signatures and checks each: who signed and when, the timestamp, the PAdES level,
// whether it covers the whole file or what was changed after it (and whether its certification
// allows that), the integrity of the signed bytes, and the chain's trust against the caller's roots.
import { PdfArray, PdfDict, PdfNumber, PdfRef, PdfString, type PDF, type SignatureField } from '@libpdf/core';
import { InvalidInputError } from '../errors';
import { checkBytes, checkOptions } from '../input';
import { openPdf } from '../pdf/openPdf';
import { resolved } from '../pdf/pageAttributes';
import { toBytes } from '../pdf/source';
import { readCertificates, summarize } from './certificates';
import {
  chainTrust,
  checkIntegrity,
  claimedSigningTime,
  parseCms,
  readTimestampToken,
  signatureTimestamp,
} from './cms';
import { allowedBy, changeClasses, PERMISSIONS_OF_P } from './laterChanges';
import type { CertifyPermissions, SignatureLevel, VerifiedSignature, VerifySignaturesOptions } from './types';

interface FoundSignature {
  fieldName: string;
  ref: PdfRef | undefined;
  dict: PdfDict;
  byteRange: [number, number, number, number];
}

/** `D:YYYYMMDDHHmmSSOHH'mm'` as a Date (missing parts default as the PDF date format says). */
export function parsePdfDate(text: string | undefined): Date | null {
  const match =
    text && /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(text);
  if (!match) return null;
  const [
    ,
    year,
    month = '01',
    day = '01',
    hour = '00',
    minute = '00',
    second = '00',
    sign,
    offsetHours = '00',
    offsetMinutes = '00',
  ] = match;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  const time = sign === '+' ? utc - offset : sign === '-' ? utc + offset : utc;
  return Number.isNaN(time) ? null : new Date(time);
}

function text(pdf: PDF, dict: PdfDict, key: string): string | null {
  const value = resolved(pdf, dict.get(key));
  return value instanceof PdfString ? value.asString() : null;
}

function byteRangeOf(pdf: PDF, dict: PdfDict): [number, number, number, number] | undefined {
  const value = resolved(pdf, dict.get('ByteRange'));
  if (!(value instanceof PdfArray) || value.length !== 4) return undefined;
  const numbers = value.toArray().map((item) => resolved(pdf, item));
  if (!numbers.every((item): item is PdfNumber => item instanceof PdfNumber)) return undefined;
  return numbers.map((item) => item.value) as [number, number, number, number];
}

function signedFields(pdf: PDF): FoundSignature[] {
  const fields: SignatureField[] = pdf.getForm()?.getSignatureFields() ?? [];
  return fields.flatMap((field) => {
    const dict = field.isSigned() ? field.getSignatureDict() : null;
    const byteRange = dict ? byteRangeOf(pdf, dict) : undefined;
    if (!dict || !byteRange) return [];
    const value = field.getDict().get('V');
    return [{ fieldName: field.name, ref: value instanceof PdfRef ? value : undefined, dict, byteRange }];
  });
}

/** The certification signature's reference and its permissions (DocMDP /P, default 2). */
function certification(pdf: PDF): { ref: PdfRef; permissions: CertifyPermissions } | null {
  const perms = resolved(pdf, pdf.getCatalog().get('Perms'));
  const ref = perms instanceof PdfDict ? perms.get('DocMDP') : undefined;
  if (!(ref instanceof PdfRef)) return null;
  const signature = resolved(pdf, ref);
  let p = 2;
  const references = signature instanceof PdfDict ? resolved(pdf, signature.get('Reference')) : undefined;
  for (const item of references instanceof PdfArray ? references.toArray() : []) {
    const reference = resolved(pdf, item);
    const params = reference instanceof PdfDict ? resolved(pdf, reference.get('TransformParams')) : undefined;
    const value = params instanceof PdfDict ? resolved(pdf, params.get('P')) : undefined;
    if (value instanceof PdfNumber) p = value.value;
  }
  return { ref, permissions: PERMISSIONS_OF_P[p] ?? 'form-filling' };
}

function signedBytes(
  bytes: Uint8Array,
  [start1, length1, start2, length2]: readonly number[],
): Uint8Array | null {
  if ([start1, length1, start2, length2].some((value) => value === undefined || value < 0)) return null;
  if ((start2 ?? 0) + (length2 ?? 0) > bytes.length) return null;
  const out = new Uint8Array((length1 ?? 0) + (length2 ?? 0));
  out.set(bytes.subarray(start1, (start1 ?? 0) + (length1 ?? 0)), 0);
  out.set(bytes.subarray(start2, (start2 ?? 0) + (length2 ?? 0)), length1 ?? 0);
  return out;
}

function levelOf(
  subFilter: string | null,
  timestamped: boolean,
  hasDss: boolean,
  archived: boolean,
): SignatureLevel {
  if (subFilter !== 'ETSI.CAdES.detached') return 'unknown';
  if (!timestamped) return 'B-B';
  if (!hasDss) return 'B-T';
  return archived ? 'B-LTA' : 'B-LT';
}

/**
 * The signatures of `source`, in the order they were made. Returns plain data; never changes the
 * bytes. Throws `PdfInvalidError` for bytes that are no PDF, `PdfPasswordError` for an encrypted
 * PDF without its password.
 */
export async function verifySignatures(
  source: Uint8Array | ArrayBuffer,
  options: VerifySignaturesOptions = {},
): Promise<VerifiedSignature[]> {
  checkBytes(source, 'source');
  checkOptions(options);
  const roots = (options.trustedRoots ?? []).flatMap((root, index) => {
    if (!(root instanceof Uint8Array))
      throw new InvalidInputError(`options.trustedRoots[${index}]`, 'must be DER or PEM bytes');
    const certificates = readCertificates(root);
    if (certificates.length === 0)
      throw new InvalidInputError(`options.trustedRoots[${index}]`, 'holds no certificate (DER or PEM)');
    return certificates;
  });
  const bytes = toBytes(source);
  const { pdf } = await openPdf(
    new Uint8Array(bytes),
    options.pdfPassword === undefined ? {} : { password: options.pdfPassword },
  );
  const found = signedFields(pdf).sort(
    (a, b) => a.byteRange[2] + a.byteRange[3] - (b.byteRange[2] + b.byteRange[3]),
  );
  const certified = certification(pdf);
  const hasDss = resolved(pdf, pdf.getCatalog().get('DSS')) instanceof PdfDict;
  const latin1 = new TextDecoder('latin1');
  const results: VerifiedSignature[] = [];
  for (const signature of found) {
    const end = signature.byteRange[2] + signature.byteRange[3];
    const isTimestamp = signature.dict.getName('Type')?.value === 'DocTimeStamp';
    const subFilter = signature.dict.getName('SubFilter')?.value ?? null;
    const contents = resolved(pdf, signature.dict.get('Contents'));
    const cms = contents instanceof PdfString ? parseCms(contents.bytes) : null;
    const data = signedBytes(bytes, signature.byteRange);
    const integrity =
      !cms || !data
        ? 'unreadable'
        : await checkIntegrity(
            cms,
            data,
            isTimestamp ? 'timestamp' : subFilter === 'adbe.pkcs7.sha1' ? 'sha1' : 'detached',
          );
    const timestamp = cms ? (isTimestamp ? readTimestampToken(cms) : signatureTimestamp(cms)) : null;
    const signingTime =
      (cms && !isTimestamp ? claimedSigningTime(cms) : null) ??
      timestamp?.time ??
      parsePdfDate(text(pdf, signature.dict, 'M') ?? undefined);
    const archived = found.some(
      (other) =>
        other !== signature &&
        other.dict.getName('Type')?.value === 'DocTimeStamp' &&
        other.byteRange[1] > end,
    );
    const present = end < bytes.length && /\S/.test(latin1.decode(bytes.subarray(end)));
    const isCertification =
      !!certified && !!signature.ref && certified.ref.objectNumber === signature.ref.objectNumber;
    results.push({
      fieldName: signature.fieldName,
      kind: isTimestamp ? 'document-timestamp' : isCertification ? 'certification' : 'signature',
      subFilter,
      signer: cms?.signer ? summarize(cms.signer) : null,
      signingTime,
      timestamp,
      level: isTimestamp ? 'unknown' : levelOf(subFilter, timestamp !== null, hasDss, archived),
      reason: text(pdf, signature.dict, 'Reason'),
      location: text(pdf, signature.dict, 'Location'),
      contactInfo: text(pdf, signature.dict, 'ContactInfo'),
      coversWholeDocument: !present,
      changesAfter: {
        present,
        allowedByDocMdp: certified
          ? present
            ? allowedBy(certified.permissions, changeClasses(latin1.decode(bytes.subarray(end))))
            : true
          : null,
      },
      certifyPermissions: isCertification && certified ? certified.permissions : null,
      integrity,
      trust: cms ? await chainTrust(cms, roots, timestamp?.time ?? signingTime ?? new Date()) : 'untrusted',
    });
  }
  return results;
}
