// #region import
import { createEditor } from '@marginalia/pdf-editor/editor';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
// #endregion

const input = document.querySelector<HTMLInputElement>('input[type=file]');
const undo = document.querySelector<HTMLButtonElement>('#undo');
const status = document.querySelector<HTMLOutputElement>('#status');
const canvas = document.querySelector<HTMLCanvasElement>('#page');

// #region create
const editor = createEditor({
  fileName: 'contract.pdf',
  onAnnotationsChange: (annotations) => {
    if (status) status.value = `${annotations.length} annotations`;
  },
  // Every download comes here instead of the browser's file download.
  onDownload: async (bytes, fileName) => {
    await fetch(`/api/files/${encodeURIComponent(fileName)}`, { method: 'PUT', body: bytes.slice() });
  },
  onExported: ({ warnings }) => warnings.forEach((warning) => console.warn(warning)),
  onError: (error, during) => console.error(`Failed during ${during}`, error),
});
// Loads the file, the stored annotations and the saved signatures; call the result to stop.
const unmount = editor.mount();
// #endregion

// #region subscribe
editor.subscribe((state, previous) => {
  if (undo && state.canUndo !== previous.canUndo) undo.disabled = !state.canUndo;
});
undo?.addEventListener('click', () => editor.undo());
input?.addEventListener('change', () => {
  const file = input.files?.[0];
  if (file) editor.setOptions({ ...editor.options, file });
});
// #endregion

// #region commands
export async function approve(): Promise<void> {
  editor.getState().actions.add(normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 60 }, content: 'Approved' }));
  await editor.download(); // through onDownload, as contract_edited.pdf
}
// #endregion

// #region view
// Pages are shown with pdf.js only when something attaches to the document.
const detach = editor.document.attach();
editor.document.subscribe(async (view, previous) => {
  if (!canvas || !view.pdf || view.pdf === previous.pdf) return;
  const page = await view.pdf.getPage(1);
  const viewport = page.getViewport({ scale: editor.getState().zoom });
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  await page.render({ canvas, viewport }).promise;
});
// #endregion

export function close(): void {
  detach();
  unmount();
}
