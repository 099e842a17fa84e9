import { readFile, writeFile } from 'node:fs/promises';
import {
  AnnotationExportError,
  PdfEncryptedError,
  PdfPasswordError,
  SCRIPT_RANGES,
  exportPdf,
  exportPdfWithReport,
  importAnnotations,
  normalizeAnnotation,
  protectPdf,
  unprotectPdf,
  type Annotation,
} from '@marginalia/pdf-editor/core';

const source = await readFile('contract.pdf');
const annotations: Annotation[] = [
  normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 60 }, content: 'Approved' }),
  normalizeAnnotation({ type: 'highlight', page: 1, position: { x: 70, y: 120 }, width: 300 }),
];

// #region flatten
// Burned into the page content: every viewer shows it, nobody can move it.
const flat = await exportPdf(source, annotations);
await writeFile('contract-signed.pdf', flat);
// #endregion

// #region native
// Written as PDF annotation objects (FreeText, Highlight, Square, Ink, ...): Acrobat, poppler and
// MuPDF show them, and they stay editable.
const editable = await exportPdf(source, annotations, {
  mode: 'native',
  onWarning: (message) => console.warn(message),
});
// #endregion

// #region watermark
// The free-version watermark, only on pages that carry an annotation.
const watermarked = await exportPdf(source, annotations, { watermark: { text: 'ACME - Free Version' } });
// #endregion

// #region fonts
// Text outside WinAnsi uses the bundled DejaVu Sans; other scripts use your fallbacks, each loaded
// only when a text has characters it claims. Each run of a mixed text gets the font for its script.
const mixed = await exportPdf(source, [normalizeAnnotation({ type: 'text', page: 1, content: '已审核 — تمت المراجعة' })], {
  fonts: {
    fallbacks: [
      { name: 'Noto Sans SC', covers: SCRIPT_RANGES.chinese, load: () => readFile('NotoSansSC-Regular.ttf') },
      { name: 'Noto Sans Arabic', covers: SCRIPT_RANGES.arabic, load: () => readFile('NotoSansArabic-Regular.ttf') },
    ],
  },
});
// #endregion

// #region import
// Reads the annotations back: ours exactly (ids and all), other tools' rebuilt from standard keys.
const again = await importAnnotations(editable, { onWarning: (message) => console.warn(message) });
console.log(again.map((annotation) => annotation.type)); // ['text', 'highlight']
// #endregion

// #region incremental
// The original bytes stay as they are and the changes are appended: signatures still verify.
const { bytes: signedAndAnnotated, incremental } = await exportPdfWithReport(await readFile('signed.pdf'), annotations, {
  mode: 'native',
});
console.log(incremental); // true, unless the file had to be repaired to be read
// Or drop earlier revisions and write the whole file anew:
const compacted = await exportPdf(source, annotations, { incremental: false });
// #endregion

// #region password
// Files that open without a password (even encrypted ones) need none; others need theirs.
// The output stays encrypted with the same password and permissions.
const fromLocked = await exportPdf(await readFile('locked.pdf'), annotations, { password: 'open sesame' });
// #endregion

// #region protect
// AES-256: the user password opens the file with these permissions; the owner password opens it
// with all of them and may change them.
const locked = await protectPdf(source, { userPassword: 'open sesame', ownerPassword: 'admin', permissions: { copy: false } });
const unlocked = await unprotectPdf(locked, 'admin');
// #endregion

// #region errors
try {
  await exportPdf(await readFile('locked.pdf'), annotations);
} catch (error) {
  if (error instanceof PdfPasswordError)
    console.error(error.reason); // 'missing': ask for the password, then pass it as { password }
  else if (error instanceof PdfEncryptedError) console.error(error.message);
  else if (error instanceof AnnotationExportError) console.error(`Could not write ${error.annotationId}`);
  else throw error;
}
// #endregion

export { compacted, fromLocked, mixed, signedAndAnnotated, unlocked, watermarked };
