// Reading X.509 certificates (pkijs) into the plain summaries the public API returns.
import * as pkijs from 'pkijs';
import type { CertificateSummary } from './types';

const COMMON_NAME = '2.5.4.3';
const EMAIL_ADDRESS = '1.2.840.113549.1.9.1';
const SUBJECT_ALT_NAME = '2.5.29.17';
/** GeneralName's rfc822Name choice. */
const RFC822_NAME = 1;

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer;
}

export function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** The certificate in `der`, or null when it is not one. */
export function parseCertificate(der: Uint8Array): pkijs.Certificate | null {
  try {
    return pkijs.Certificate.fromBER(toArrayBuffer(der));
  } catch {
    return null;
  }
}

function attribute(name: pkijs.RelativeDistinguishedNames, oid: string): string | null {
  const found = name.typesAndValues.find((entry) => entry.type === oid);
  const value: unknown = found?.value.valueBlock.value;
  return typeof value === 'string' ? value : null;
}

function alternativeEmail(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((entry) => entry.extnID === SUBJECT_ALT_NAME);
  const names = extension?.parsedValue instanceof pkijs.AltName ? extension.parsedValue.altNames : [];
  const email = names.find((name) => name.type === RFC822_NAME)?.value as unknown;
  return typeof email === 'string' ? email : null;
}

export function commonName(certificate: pkijs.Certificate): string | null {
  return attribute(certificate.subject, COMMON_NAME);
}

export function summarize(certificate: pkijs.Certificate): CertificateSummary {
  return {
    commonName: commonName(certificate),
    email: attribute(certificate.subject, EMAIL_ADDRESS) ?? alternativeEmail(certificate),
    issuer: attribute(certificate.issuer, COMMON_NAME),
    serialNumber: hex(certificate.serialNumber.valueBlock.valueHexView),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
  };
}

/** The certificates in `bytes`: one DER certificate, or every block of a PEM file. */
export function readCertificates(bytes: Uint8Array): pkijs.Certificate[] {
  const text = new TextDecoder('latin1').decode(bytes);
  if (!text.includes('-----BEGIN')) {
    const one = parseCertificate(bytes);
    return one ? [one] : [];
  }
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.flatMap((block) => {
    const base64 = block.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    const der = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const one = parseCertificate(der);
    return one ? [one] : [];
  });
}

/** The certificate is its own issuer (subject equals issuer). */
export function isSelfIssued(certificate: pkijs.Certificate): boolean {
  return certificate.subject.isEqual(certificate.issuer);
}
