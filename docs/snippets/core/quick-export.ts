import { readFile, writeFile } from 'node:fs/promises';
import { exportPdf, normalizeAnnotation } from '@marginalia/pdf-editor/core';

const pdf = await readFile('contract.pdf');
const approved = normalizeAnnotation({
  type: 'text',
  page: 1,
  position: { x: 72, y: 60 },
  content: 'Approved',
});
await writeFile('contract-approved.pdf', await exportPdf(pdf, [approved]));
