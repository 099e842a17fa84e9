import { readFile, writeFile } from 'node:fs/promises';
import {
  PdfEncryptedError,
  exportPdf,
  importAnnotations,
  normalizeAnnotation,
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
// Text outside WinAnsi uses the bundled DejaVu Sans; pass your own fonts for other scripts (CJK).
const cjkFont = await readFile('NotoSansSC-Regular.otf');
const chinese = await exportPdf(source, [normalizeAnnotation({ type: 'text', page: 1, content: '已审核' })], {
  fonts: { fallbacks: [cjkFont] },
});
// #endregion

// #region import
// Reads the annotations back: ours exactly (ids and all), other tools' rebuilt from standard keys.
const again = await importAnnotations(editable, { onWarning: (message) => console.warn(message) });
console.log(again.map((annotation) => annotation.type)); // ['text', 'highlight']
// #endregion

// #region errors
try {
  await exportPdf(await readFile('locked.pdf'), annotations);
} catch (error) {
  if (error instanceof PdfEncryptedError)
    console.error(error.message); // "This PDF is password-protected. ..."
  else throw error;
}
// #endregion

export { chinese, watermarked };
