import { readFile, writeFile } from 'node:fs/promises';
import {
  SigningCertificateError,
  TimestampAuthorityError,
  exportPdf,
  normalizeAnnotation,
  signPdf,
  verifySignatures,
} from '@marginalia/pdf-editor/core';

const contract = await readFile('contract.pdf');
const p12 = await readFile('ada.p12');
const drawnSignature = await readFile('ada-signature.png');

// #region sign
// PAdES B-T: signed with Ada's certificate, timestamped by an RFC 3161 authority, and shown in a
// box at the bottom of page 2 (points from the page's top-left, as annotations are placed).
const { bytes: signed, warnings } = await signPdf(contract, {
  p12,
  password: 'the .p12 password',
  level: 'B-T',
  timestampUrl: 'https://tsa.example.com/tsr',
  reason: 'I approve this contract',
  location: 'Lisbon',
  appearance: { page: 2, rect: { x: 340, y: 700, width: 200, height: 50 }, image: drawnSignature },
});
for (const warning of warnings) console.warn(warning);
await writeFile('contract-signed.pdf', signed);
// #endregion

// #region certify
// A certification signature: afterwards only form filling and annotations keep it intact.
const certified = await signPdf(contract, {
  p12,
  password: 'the .p12 password',
  level: 'B-B',
  certify: { permissions: 'form-filling-and-annotations' },
});
// #endregion

// #region annotate
// Native export appends an incremental update: the signature still covers its revision, and
// verifySignatures reports the annotations as changes made after it (allowed here).
const annotated = await exportPdf(
  certified.bytes,
  [normalizeAnnotation({ type: 'comment', page: 1, position: { x: 72, y: 72 }, content: 'Seen' })],
  { mode: 'native' },
);
// #endregion

// #region countersign
// A second signer signs the signed file: both signatures stay valid.
const countersigned = await signPdf(signed, {
  p12: await readFile('bob.p12'),
  password: 'bob',
  level: 'B-B',
});
// #endregion

// #region verify
const companyRoot = await readFile('company-root-ca.pem');
for (const signature of await verifySignatures(annotated, { trustedRoots: [companyRoot] })) {
  console.log(
    signature.signer?.commonName,
    signature.level, // 'B-B' | 'B-T' | 'B-LT' | 'B-LTA' | 'unknown'
    signature.integrity, // 'valid' when the signed bytes and the signature are intact
    signature.trust, // 'trusted' | 'untrusted' | 'self-signed'
    signature.coversWholeDocument
      ? 'whole document'
      : `changed after; allowed: ${signature.changesAfter.allowedByDocMdp}`,
  );
}
// #endregion

// #region errors
try {
  await signPdf(contract, {
    p12,
    password: 'guess',
    level: 'B-T',
    timestampUrl: 'https://tsa.example.com/tsr',
  });
} catch (error) {
  if (error instanceof SigningCertificateError && error.reason === 'wrong-password')
    console.error('Wrong certificate password');
  else if (error instanceof TimestampAuthorityError) console.error(`No timestamp from ${error.url}`);
  else throw error;
}
// #endregion

console.log(countersigned.bytes.length);
