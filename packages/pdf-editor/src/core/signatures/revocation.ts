// Revocation data for B-LT (OCSP responses, CRLs), fetched from the URLs in the certificates. The
// engine's own provider calls the fetch it keeps as a method, which browsers refuse ("Illegal
// invocation"), and is not exported to be given another; so this one asks the same services.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { RevocationProvider } from '@libpdf/core';
import { parseCertificate, toArrayBuffer } from './certificates';

const AUTHORITY_INFO_ACCESS = '1.3.6.1.5.5.7.1.1';
const OCSP_METHOD = '1.3.6.1.5.5.7.48.1';
const CRL_DISTRIBUTION_POINTS = '2.5.29.31';
const SHA1 = '1.3.14.3.2.26';
/** GeneralName's uniformResourceIdentifier choice. */
const URI = 6;
const TIMEOUT_MS = 15_000;

function httpUrls(names: readonly pkijs.GeneralName[]): string[] {
  return names.flatMap((name) =>
    name.type === URI && typeof name.value === 'string' && /^https?:/i.test(name.value) ? [name.value] : [],
  );
}

function ocspUrls(certificate: pkijs.Certificate): string[] {
  const value: unknown = certificate.extensions?.find(
    (entry) => entry.extnID === AUTHORITY_INFO_ACCESS,
  )?.parsedValue;
  if (!(value instanceof pkijs.InfoAccess)) return [];
  return httpUrls(
    value.accessDescriptions
      .filter((entry) => entry.accessMethod === OCSP_METHOD)
      .map((entry) => entry.accessLocation),
  );
}

function crlUrls(certificate: pkijs.Certificate): string[] {
  const value: unknown = certificate.extensions?.find(
    (entry) => entry.extnID === CRL_DISTRIBUTION_POINTS,
  )?.parsedValue;
  if (!(value instanceof pkijs.CRLDistributionPoints)) return [];
  return value.distributionPoints.flatMap((point) =>
    Array.isArray(point.distributionPoint) ? httpUrls(point.distributionPoint) : [],
  );
}

/** An RFC 6960 OCSPRequest for `certificate` (CertID hashed with SHA-1, as responders expect). */
async function ocspRequest(certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<Uint8Array> {
  const sha1 = (data: ArrayBuffer) => globalThis.crypto.subtle.digest('SHA-1', data);
  const nameHash = await sha1(issuer.subject.toSchema().toBER(false));
  const keyHash = await sha1(
    toArrayBuffer(new Uint8Array(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)),
  );
  const certId = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: SHA1 }), new asn1js.Null()] }),
      new asn1js.OctetString({ valueHex: nameHash }),
      new asn1js.OctetString({ valueHex: keyHash }),
      certificate.serialNumber,
    ],
  });
  // OCSPRequest { TBSRequest { requestList { Request { CertID } } } }
  const request = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certId] })] })],
      }),
    ],
  });
  return new Uint8Array(request.toBER(false));
}

/** The response body, or null when the service cannot be reached or answers with an error. */
async function fetchBytes(url: string, init: RequestInit): Promise<Uint8Array | null> {
  try {
    const response = await globalThis.fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** Whether an OCSPResponse says `successful` (its status is ENUMERATED 0). */
function successful(response: Uint8Array): boolean {
  try {
    return pkijs.OCSPResponse.fromBER(toArrayBuffer(response)).responseStatus.valueBlock.valueDec === 0;
  } catch {
    return false;
  }
}

/** OCSP first, then CRL, from the URLs each certificate names. */
export const revocationProvider: RevocationProvider = {
  async getOCSP(certDer, issuerDer) {
    const certificate = parseCertificate(certDer);
    const issuer = parseCertificate(issuerDer);
    if (!certificate || !issuer) return null;
    for (const url of ocspUrls(certificate)) {
      const body = await ocspRequest(certificate, issuer);
      const response = await fetchBytes(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/ocsp-request', Accept: 'application/ocsp-response' },
        body: body.slice().buffer,
      });
      if (response && successful(response)) return response;
    }
    return null;
  },
  async getCRL(certDer) {
    const certificate = parseCertificate(certDer);
    for (const url of certificate ? crlUrls(certificate) : []) {
      const crl = await fetchBytes(url, { headers: { Accept: 'application/pkix-crl' } });
      if (crl) return crl;
    }
    return null;
  },
};
