// Public shapes of signing and verification: plain data, no type of the engine or of pkijs.
import type { Rect } from '../model/types';

/** PAdES baseline levels: B-B signs; B-T adds a timestamp; B-LT adds the validation data (DSS). */
export type SigningLevel = 'B-B' | 'B-T' | 'B-LT';

/**
 * What a certification signature (DocMDP) still allows after it: nothing, filling in forms (and
 * signing), or that and annotating.
 */
export type CertifyPermissions = 'no-changes' | 'form-filling' | 'form-filling-and-annotations';

/** A visible signature: drawn in `rect` of page `page`. */
export interface SignatureAppearance {
  /** 1-based page number. */
  page: number;
  /** Where, in the model's page space: points from the top-left of the page as displayed. */
  rect: Rect;
  /** The drawn signature, PNG or JPEG bytes; drawn at the left (or alone when `text` is ''). */
  image?: Uint8Array;
  /**
   * The lines written beside the image; `\n` separates lines. Default: "Digitally signed by" the
   * certificate's common name, then the signing date (UTC). Latin-1 only (others show as `?`).
   */
  text?: string;
}

/** Options of {@link signPdf}: the certificate, the level, and what the signature says and shows. */
export interface SignPdfOptions {
  /** The signer's PKCS#12 (.p12/.pfx) file; in the browser it never leaves the device. */
  p12: Uint8Array;
  /** The PKCS#12 file's password. */
  password: string;
  /** The PAdES level: B-B, B-T (timestamped, needs `timestampUrl`) or B-LT (and validation data). */
  level: SigningLevel;
  /** Why the document is signed (/Reason). */
  reason?: string;
  /** Where it is signed (/Location). */
  location?: string;
  /** How to reach the signer (/ContactInfo). */
  contactInfo?: string;
  /** RFC 3161 timestamp authority URL; required for B-T and B-LT. */
  timestampUrl?: string;
  /** Draw the signature on a page; without it the signature is invisible. */
  appearance?: SignatureAppearance;
  /** Make this a certification signature (DocMDP) allowing only `permissions` afterwards. */
  certify?: { permissions: CertifyPermissions };
  /** The PDF's password when it is encrypted. */
  pdfPassword?: string;
  /** Signature field name; default `Signature_N`. */
  fieldName?: string;
  /** The claimed signing time (default now); the proven time is the timestamp's. */
  signingTime?: Date;
}

/** What {@link signPdf} returns. */
export interface SignPdfResult {
  /** The signed PDF: the input followed by incremental updates. */
  bytes: Uint8Array;
  /** What was not fatal, for example no revocation data could be fetched for B-LT. */
  warnings: string[];
}

/** A certificate, as a person reads it. */
export interface CertificateSummary {
  /** The subject's common name (CN). */
  commonName: string | null;
  /** The subject's e-mail address (subject or alternative name), when it has one. */
  email: string | null;
  /** The issuer's common name. */
  issuer: string | null;
  /** Hex, lowercase. */
  serialNumber: string;
  /** Valid from. */
  notBefore: Date;
  /** Valid until. */
  notAfter: Date;
}

/** The PAdES baseline level a signature reaches; `unknown` for signatures that are not PAdES (adbe.pkcs7.*) and document timestamps. */
export type SignatureLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA' | 'unknown';

/**
 * `valid`: the digest of the signed ranges matches and the CMS signature verifies.
 * `digest-mismatch`: the bytes it covers changed (or the CMS hashes them with an algorithm its
 * SignedData does not list, which poppler and openssl read as a mismatch too). `signature-invalid`: the signature value does not
 * verify with the signer's key. `unreadable`: the signature's contents cannot be parsed.
 */
export type SignatureIntegrity = 'valid' | 'digest-mismatch' | 'signature-invalid' | 'unreadable';

/** `trusted`: the chain reaches one of the given roots; `self-signed`: the signer is its own issuer and not among them. */
export type SignatureTrust = 'trusted' | 'untrusted' | 'self-signed';

/** One signature of a file, as {@link verifySignatures} reads and checks it. */
export interface VerifiedSignature {
  /** The signature field's full name. */
  fieldName: string;
  /** `document-timestamp` for a /DocTimeStamp (its signer is the timestamp authority). */
  kind: 'signature' | 'certification' | 'document-timestamp';
  /** The PDF SubFilter, e.g. `ETSI.CAdES.detached`. */
  subFilter: string | null;
  signer: CertificateSummary | null;
  /** The signing time the signer claims (signed attribute, else the dictionary's /M). */
  signingTime: Date | null;
  /** The RFC 3161 timestamp over the signature, when there is one. */
  timestamp: { time: Date; authority: string | null } | null;
  /** B-T and up need the timestamp; B-LT a DSS in the file; B-LTA a document timestamp after it. */
  level: SignatureLevel;
  /** The signature's /Reason. */
  reason: string | null;
  /** The signature's /Location. */
  location: string | null;
  /** The signature's /ContactInfo. */
  contactInfo: string | null;
  /** The signature covers the whole file as it is now. */
  coversWholeDocument: boolean;
  /**
   * Changes were appended after this signature; `allowedByDocMdp` says whether the certification
   * signature's permissions allow them (null when the file has no certification signature).
   */
  changesAfter: { present: boolean; allowedByDocMdp: boolean | null };
  /** The DocMDP permissions, for a certification signature. */
  certifyPermissions: CertifyPermissions | null;
  /** Whether the signed bytes and the signature are intact. */
  integrity: SignatureIntegrity;
  /** The signer's chain against `trustedRoots`, at the timestamp's time (else the signing time). */
  trust: SignatureTrust;
}

/** Options of {@link verifySignatures}. */
export interface VerifySignaturesOptions {
  /** Certificates the caller trusts, DER or PEM bytes (a PEM file may hold several). */
  trustedRoots?: readonly Uint8Array[];
  /** The PDF's password when it is encrypted. */
  pdfPassword?: string;
}
