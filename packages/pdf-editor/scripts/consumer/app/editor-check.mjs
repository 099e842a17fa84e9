/* global console, process, setTimeout */
// Node ESM in an app without React installed: the editor object of ./editor loads a PDF, draws,
// undoes and hands the download to onDownload, which writes it to the path given as argument.
import { readFile, writeFile } from 'node:fs/promises';
import { createEditor } from '@marginalia/pdf-editor/editor';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';

const react = await import('react').then(
  () => 'installed',
  () => 'missing',
);
const downloads = [];
const editor = createEditor({
  file: new Uint8Array(await readFile('public/sample.pdf')),
  fileName: 'sample.pdf',
  signatureStore: null,
  onDownload: async (bytes, fileName) => {
    await writeFile(process.argv[2], bytes);
    downloads.push(fileName);
  },
});
const unmount = editor.mount();
const loadBy = Date.now() + 30_000;
while (!editor.getState().pdf) {
  if (Date.now() > loadBy) throw new Error('the PDF did not load within 30 s');
  await new Promise((resolve) => setTimeout(resolve, 5));
}
const { add } = editor.getState().actions;
add(normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 100, y: 120 }, width: 160, height: 100, color: '#000000' }));
add(normalizeAnnotation({ type: 'circle', page: 1, position: { x: 300, y: 120 }, width: 50, height: 50 }));
editor.undo();
const downloaded = await editor.download();
unmount();
console.log(JSON.stringify({ react, downloaded, downloads, annotations: editor.getAnnotations().map((a) => a.type) }));
