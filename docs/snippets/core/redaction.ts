import { readFile, writeFile } from 'node:fs/promises';
import { protectPdf, redactPdf } from '@marginalia/pdf-editor/core';

const pdfBytes = await readFile('contract.pdf');

// #region redact
const { bytes, areas, metadata } = await redactPdf(pdfBytes, {
  // page is 1-based; rect is in page space: points from the top-left of the page as displayed,
  // as annotations give their positions (rotated and cropped pages included)
  areas: [{ page: 1, rect: { x: 72, y: 90, width: 200, height: 16 } }],
  fill: '#000000', // the default
  overlayText: 'REDACTED', // optional; printable Latin-1, drawn in Helvetica
  removeMetadata: true, // document info, XMP, bookmarks, attachments
});
console.log(areas[0]?.characters); // characters of text removed there
console.log(areas[0]?.annotations); // e.g. [{ subtype: 'Highlight', id: '…' }]
console.log(metadata); // e.g. ['info', 'xmp']
// #endregion

// #region encrypted
// An encrypted file is redacted with its password and comes back without one: protect it again.
const redacted = await redactPdf(await readFile('locked.pdf'), { areas: [], password: 'owner secret' });
await writeFile('redacted.pdf', await protectPdf(redacted.bytes, { userPassword: 'new password' }));
// #endregion

await writeFile('contract-redacted.pdf', bytes);
