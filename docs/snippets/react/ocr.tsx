import { PdfEditor, useEditorRuntime, useOcr } from '@marginalia/pdf-editor';

// #region editor
// Where the host serves the recogniser's files, copied from node_modules (see above).
const ocr = {
  assets: { workerPath: '/ocr/worker.min.js', corePath: '/ocr/core/', langPath: '/ocr/lang/' },
  languages: ['eng'],
};

export function Editor({ file }: { file: string }) {
  // The sidebar shows "Recognise text", with progress and Cancel, when `ocr` is given.
  return <PdfEditor file={file} ocr={ocr} />;
}
// #endregion

// #region custom
export function RecogniseCurrentPage() {
  const editor = useEditorRuntime();
  const { status, done, total } = useOcr((state) => state);
  if (status === 'running') {
    return <button type="button" onClick={() => editor.ocr.cancel()}>Cancel ({done}/{total})</button>;
  }
  return (
    <button type="button" onClick={() => void editor.ocr.run({ pages: [editor.getState().currentPage] })}>
      Recognise this page
    </button>
  );
}
// #endregion
