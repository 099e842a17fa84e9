// The host app: it owns the annotations (controlled PdfEditor), persists every change through its
// own IndexedDB StorageAdapter, and adds a button of its own to the editor's toolbar.
import { useCallback, useEffect, useRef, useState } from 'react';
import { PdfEditor, StorageConflictError } from '@marginalia/pdf-editor';
import { serializeAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import { indexedDbStorage } from './indexedDbStorage';
import { documentIdOf, lastFile, rememberFile, type StoredFile } from './lastFile';

const DATABASE = 'marginalia-example';
const storage = indexedDbStorage(DATABASE);

interface OpenDocument extends StoredFile {
  id: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'restored'; count: number }
  | { kind: 'saved'; version: number }
  | { kind: 'error'; message: string };

function describe(status: Status): string {
  switch (status.kind) {
    case 'idle':
      return 'Open a PDF to start.';
    case 'restored':
      return `Restored ${status.count} annotation(s) from IndexedDB.`;
    case 'saved':
      return `Saved to IndexedDB (version ${status.version}).`;
    case 'error':
      return status.message;
  }
}

export function App() {
  const [document, setDocument] = useState<OpenDocument | null>(null);
  const [annotations, setAnnotations] = useState<Annotation[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [json, setJson] = useState<string | null>(null);
  // The stored version the next save builds on, and the list it holds; saves run one after another.
  const version = useRef(0);
  const stored = useRef<Annotation[]>([]);
  const saving = useRef(Promise.resolve());

  const open = useCallback(async (file: StoredFile) => {
    const id = await documentIdOf(file.bytes);
    const loaded = await storage.load(id);
    version.current = loaded?.version ?? 0;
    stored.current = loaded?.annotations ?? [];
    setAnnotations(stored.current);
    setDocument({ ...file, id });
    setStatus(loaded ? { kind: 'restored', count: loaded.annotations.length } : { kind: 'idle' });
  }, []);

  useEffect(() => {
    lastFile(DATABASE).then(
      (file) => file && open(file),
      (error: unknown) => setStatus({ kind: 'error', message: String(error) }),
    );
  }, [open]);

  const onFileChosen = async (file: File) => {
    const stored = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    await rememberFile(DATABASE, stored);
    await open(stored);
  };

  const onAnnotationsChange = (next: Annotation[]) => {
    setAnnotations(next);
    // The editor echoes the list it was given; only real edits are saved.
    if (!document || next === stored.current) return;
    const documentId = document.id;
    saving.current = saving.current.then(async () => {
      try {
        const saved = await storage.save(documentId, next, version.current);
        version.current = saved.version;
        stored.current = next;
        setStatus({ kind: 'saved', version: saved.version });
      } catch (error) {
        if (error instanceof StorageConflictError) {
          // Another tab saved first: take its copy rather than overwrite it.
          const latest = await storage.load(documentId);
          version.current = latest?.version ?? 0;
          stored.current = latest?.annotations ?? [];
          setAnnotations(stored.current);
        }
        setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    });
  };

  const showJson = (
    <button type="button" className="host-button" onClick={() => setJson(serializeAnnotations(annotations))}>
      Show JSON
    </button>
  );

  return (
    <div className="app">
      <header className="app-header">
        <h1>Custom storage</h1>
        <label className="file-picker">
          Open PDF
          <input
            type="file"
            accept="application/pdf"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void onFileChosen(file);
            }}
          />
        </label>
        <p role="status" className="app-status">
          {describe(status)}
        </p>
      </header>
      {document && (
        <PdfEditor
          className="app-editor"
          file={document.bytes}
          fileName={document.name}
          annotations={annotations}
          onAnnotationsChange={onAnnotationsChange}
          toolbarEnd={showJson}
        />
      )}
      {json !== null && (
        <dialog open className="json-dialog" aria-label="Annotations JSON">
          <pre>{json}</pre>
          <button type="button" onClick={() => setJson(null)}>
            Close
          </button>
        </dialog>
      )}
    </div>
  );
}
