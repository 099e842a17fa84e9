/* global console, process, require, setTimeout */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS consumer is what this file checks */
// Node CommonJS: the same journey as editor-check.mjs through require().
const { readFileSync, writeFileSync } = require('node:fs');
const { createEditor } = require('@marginalia/pdf-editor/editor');
const { normalizeAnnotation } = require('@marginalia/pdf-editor/core');

(async () => {
  let react = 'installed';
  try {
    require('react');
  } catch {
    react = 'missing';
  }
  const downloads = [];
  const editor = createEditor({
    file: new Uint8Array(readFileSync('public/sample.pdf')),
    fileName: 'sample.pdf',
    signatureStore: null,
    onDownload: (bytes, fileName) => {
      writeFileSync(process.argv[2], bytes);
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
})();
