import { PdfEditor, type DraftStore, type EditorDraft, type PdfEditorHandle, type StorageAdapter } from '@marginalia/pdf-editor';
import { useRef, useState } from 'react';

// #region persistence
/** The unsaved work in localStorage, one key per document, until it is saved. */
export function localDraft(documentId: string): DraftStore {
  const key = `draft:${documentId}`;
  return {
    async write({ annotations, baseVersion, saveRequested }) {
      // A draft whose pages changed also has `pdf` (bytes): IndexedDB is the place for those.
      localStorage.setItem(key, JSON.stringify({ annotations, baseVersion, saveRequested }));
    },
    async clear() {
      localStorage.removeItem(key);
    },
  };
}

export function AutosavedEditor({ file, storage, restore }: { file: Blob; storage: StorageAdapter; restore?: EditorDraft }) {
  const editor = useRef<PdfEditorHandle>(null);
  const [conflict, setConflict] = useState<number | undefined>();
  return (
    <>
      {conflict !== undefined && (
        <p role="alert">
          This document was changed elsewhere.{' '}
          <button onClick={() => void editor.current?.saveOver(conflict).then(() => setConflict(undefined))}>Keep my version</button>
        </p>
      )}
      <PdfEditor
        ref={editor}
        file={file}
        storage={storage}
        documentId="invoice-42"
        autosave={{ delayMs: 30_000 }}
        drafts={localDraft('invoice-42')}
        restoreDraft={restore}
        onConflict={(error) => setConflict(error.currentVersion)}
        onSaved={({ version }) => console.info(`Saved as version ${version}`)}
      />
    </>
  );
}
// #endregion
