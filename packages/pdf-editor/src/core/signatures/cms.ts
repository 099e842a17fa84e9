// Reading and checking the CMS (PKCS#7) inside a PDF signature with pkijs and Web Crypto: which
// certificate signed, when, whether the digest of the signed byte ranges matches, whether the
// signature value verifies, the RFC 3161 timestamp, and the chain's trust.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { commonName, isSelfIssued, toArrayBuffer } from './certificates';
import type { SignatureIntegrity, SignatureTrust } from './types';

const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SIGNING_TIME = '1.2.840.113549.1.9.5';
const SIGNATURE_TIMESTAMP = '1.2.840.113549.1.9.16.2.14';
const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'SHA-1',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

/** Web Crypto for pkijs, passed explicitly so the engine it uses elsewhere is left alone. */
const engine = new pkijs.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });

export interface ParsedCms {
  signed: pkijs.SignedData;
  signerInfo: pkijs.SignerInfo;
  signer: pkijs.Certificate | null;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** The SignedData in `der` (trailing zero padding allowed), or null when it is none. */
export function parseCms(der: Uint8Array): ParsedCms | null {
  try {
    const asn = asn1js.fromBER(toArrayBuffer(der));
    if (asn.offset === -1) return null;
    const info = new pkijs.ContentInfo({ schema: asn.result });
    const signed = new pkijs.SignedData({ schema: info.content });
    const signerInfo = signed.signerInfos[0];
    if (!signerInfo) return null;
    return { signed, signerInfo, signer: signerCertificate(signed, signerInfo) };
  } catch {
    return null;
  }
}

function certificatesOf(signed: pkijs.SignedData): pkijs.Certificate[] {
  return (signed.certificates ?? []).filter(
    (entry): entry is pkijs.Certificate => entry instanceof pkijs.Certificate,
  );
}

function signerCertificate(signed: pkijs.SignedData, signerInfo: pkijs.SignerInfo): pkijs.Certificate | null {
  const sid: unknown = signerInfo.sid;
  const certificates = certificatesOf(signed);
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificates.find(
        (cert) => cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber),
      ) ?? null
    );
  }
  if (
    sid instanceof asn1js.Constructed ||
    sid instanceof asn1js.Primitive ||
    sid instanceof asn1js.OctetString
  ) {
    const keyId = new Uint8Array((sid as asn1js.OctetString).valueBlock.valueHexView);
    return (
      certificates.find((cert) => {
        const extension = cert.extensions?.find((entry) => entry.extnID === '2.5.29.14');
        const value: unknown = extension?.parsedValue;
        return (
          value instanceof asn1js.OctetString &&
          equalBytes(new Uint8Array(value.valueBlock.valueHexView), keyId)
        );
      }) ?? null
    );
  }
  return null;
}

function attributeValue(attributes: pkijs.SignedAndUnsignedAttributes | undefined, type: string): unknown {
  return attributes?.attributes.find((attribute) => attribute.type === type)?.values[0];
}

export function claimedSigningTime(cms: ParsedCms): Date | null {
  const value = attributeValue(cms.signerInfo.signedAttrs, SIGNING_TIME);
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime ? value.toDate() : null;
}

async function digest(algorithmOid: string, data: Uint8Array): Promise<Uint8Array | null> {
  const name = DIGESTS[algorithmOid];
  return name ? new Uint8Array(await globalThis.crypto.subtle.digest(name, toArrayBuffer(data))) : null;
}

async function signatureVerifies(cms: ParsedCms, data?: Uint8Array): Promise<boolean> {
  try {
    const result = await cms.signed.verify(
      { signer: 0, checkChain: false, extendedMode: true, ...(data ? { data: toArrayBuffer(data) } : {}) },
      engine,
    );
    return result.signatureVerified === true;
  } catch {
    return false;
  }
}

/**
 * Checks a signature over `data` (the signed byte ranges): detached CMS (adbe.pkcs7.detached,
 * ETSI.CAdES.detached), a hash inside the CMS (adbe.pkcs7.sha1), or a document timestamp token.
 */
export async function checkIntegrity(
  cms: ParsedCms,
  data: Uint8Array,
  kind: 'detached' | 'sha1' | 'timestamp',
): Promise<SignatureIntegrity> {
  const content = cms.signed.encapContentInfo.eContent;
  if (kind === 'timestamp') {
    const info = timestampInfo(cms);
    if (!info) return 'unreadable';
    const expected = await digest(info.messageImprint.hashAlgorithm.algorithmId, data);
    const imprint = new Uint8Array(info.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (!expected || !equalBytes(expected, imprint)) return 'digest-mismatch';
    return (await signatureVerifies(cms)) ? 'valid' : 'signature-invalid';
  }
  if (kind === 'sha1') {
    const expected = await digest('1.3.14.3.2.26', data);
    const inside = content ? new Uint8Array(content.getValue()) : new Uint8Array();
    if (!expected || !equalBytes(expected, inside)) return 'digest-mismatch';
    return (await signatureVerifies(cms)) ? 'valid' : 'signature-invalid';
  }
  const algorithm = cms.signerInfo.digestAlgorithm.algorithmId;
  // The signer's algorithm must be among the SignedData's; poppler (NSS) and openssl hash with the
  // SignedData's, so a file that lists another one fails there, and is reported so here too.
  if (!cms.signed.digestAlgorithms.some((listed) => listed.algorithmId === algorithm))
    return 'digest-mismatch';
  const expected = await digest(algorithm, data);
  const declared = attributeValue(cms.signerInfo.signedAttrs, MESSAGE_DIGEST);
  if (!expected) return 'unreadable';
  if (
    declared instanceof asn1js.OctetString &&
    !equalBytes(expected, new Uint8Array(declared.valueBlock.valueHexView))
  )
    return 'digest-mismatch';
  return (await signatureVerifies(cms, data)) ? 'valid' : 'signature-invalid';
}

function timestampInfo(cms: ParsedCms): pkijs.TSTInfo | null {
  const content = cms.signed.encapContentInfo.eContent;
  if (!content) return null;
  try {
    return pkijs.TSTInfo.fromBER(content.getValue());
  } catch {
    return null;
  }
}

/** A timestamp token's time and its authority's name (the TSA certificate's common name). */
export function readTimestampToken(token: ParsedCms): { time: Date; authority: string | null } | null {
  const info = timestampInfo(token);
  return info ? { time: info.genTime, authority: token.signer ? commonName(token.signer) : null } : null;
}

/** The RFC 3161 timestamp over the signature value (an unsigned attribute), when there is one. */
export function signatureTimestamp(cms: ParsedCms): { time: Date; authority: string | null } | null {
  const value = attributeValue(cms.signerInfo.unsignedAttrs, SIGNATURE_TIMESTAMP);
  if (!(value instanceof asn1js.Sequence)) return null;
  const token = parseCms(new Uint8Array(value.toBER(false)));
  return token ? readTimestampToken(token) : null;
}

/** Whether the signer's chain (from the CMS's certificates) reaches one of `roots` at `at`. */
export async function chainTrust(
  cms: ParsedCms,
  roots: readonly pkijs.Certificate[],
  at: Date,
): Promise<SignatureTrust> {
  const { signer } = cms;
  if (!signer) return 'untrusted';
  if (roots.length > 0) {
    const chain = new pkijs.CertificateChainValidationEngine({
      trustedCerts: [...roots],
      certs: [...certificatesOf(cms.signed).filter((cert) => cert !== signer), signer],
      checkDate: at,
    });
    try {
      const result = await chain.verify({}, engine);
      if (result.result) return 'trusted';
    } catch {
      // A chain that cannot be built is simply not trusted.
    }
  }
  return isSelfIssued(signer) ? 'self-signed' : 'untrusted';
}
