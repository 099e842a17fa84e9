import { useRef, useState } from 'react';
import { PdfEditor, type PdfEditorHandle } from '@marginalia/pdf-editor';
import { serializeAnnotations } from '@marginalia/pdf-editor/core';

export function Review({ file }: { file: File }) {
  const editor = useRef<PdfEditorHandle>(null);
  const [busy, setBusy] = useState(false);

  // #region handle
  const sendForApproval = async () => {
    if (!editor.current) return;
    setBusy(true);
    try {
      // The annotated PDF (flattened by default, { mode: 'native' } for editable annotations).
      const pdf = await editor.current.exportPdf({ mode: 'native' });
      const json = serializeAnnotations(editor.current.getAnnotations());
      const body = new FormData();
      body.append('pdf', new Blob([pdf.slice()], { type: 'application/pdf' }), file.name);
      body.append('annotations', json);
      await fetch('/approvals', { method: 'POST', body });
    } finally {
      setBusy(false);
    }
  };
  // #endregion

  return (
    <>
      <button type="button" disabled={busy} onClick={sendForApproval}>
        Send for approval
      </button>
      <button type="button" onClick={() => editor.current?.download()}>
        Download
      </button>
      <PdfEditor ref={editor} file={file} fileName={file.name} />
    </>
  );
}
