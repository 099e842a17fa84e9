// /editor/:documentId for a signed-in user: loads the stored PDF and its annotations, saves through the
// API (Save, autosave), shows a conflict from another tab instead of losing it, downloads without a
// watermark and shares a read-only link.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import toast from 'react-hot-toast';
import { PdfEditor, StorageConflictError, type PdfEditorHandle } from '@marginalia/pdf-editor';
import { documentsApi } from '../../api/documents';
import { ApiError } from '../../api/errors';
import type { DocumentSummary } from '../../api/types';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useAuthStore } from '../../stores/authStore';
import { RESTORING_MESSAGE } from '../auth/session';
import { fileToBytes } from '../guest/dataUrl';
import { browserStores, hasPendingRecovery } from '../guest/recovery';
import { saveBlob } from '../documents/useDocumentActions';
import { apiStorage } from './apiStorage';
import { Autosave, ToolWatcher, UnsavedBadge, useSdkUnsaved } from './EditorChrome';
import { EditorFrame, LoadingDocument } from './EditorFrame';
import { hostGate } from './hostGate';
import { downloadName, DOWNLOAD_FAILED, DOWNLOADED } from './naming';
import { ShareButton } from './ShareButton';
import { storeThumbnail } from './thumbnail';
import { signatureStoreFor } from './signatures';

const PROCESSING_POLL_MS = 2000;

async function loadDocument(id: string): Promise<{ doc: DocumentSummary; bytes: Uint8Array }> {
  let doc = await documentsApi.get(id);
  while (doc.status === 'PROCESSING') {
    await new Promise((resolve) => window.setTimeout(resolve, PROCESSING_POLL_MS));
    doc = await documentsApi.get(id);
  }
  if (doc.status === 'FAILED') throw new Error('This document could not be converted to PDF.');
  return { doc, bytes: await fileToBytes(await documentsApi.download(id)) };
}

function SdkUnsavedBadge() {
  return <UnsavedBadge show={useSdkUnsaved()} />;
}

export function CloudEditor({ documentId }: { documentId: string }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const plan = useAuthStore((state) => state.user?.plan ?? null);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const signatureStore = useMemo(() => signatureStoreFor(userId), [userId]);
  const location = useLocation();
  const recoveryPending = useMemo(() => hasPendingRecovery(browserStores()), []);
  const editor = useRef<PdfEditorHandle>(null);
  const [conflict, setConflict] = useState<StorageConflictError | null>(null);
  const [generation, setGeneration] = useState(0);
  const storage = useMemo(() => apiStorage(() => toast.success('Document saved')), []);
  const gate = useMemo(() => hostGate(() => ({ isGuest: false, plan })), [plan]);

  const loaded = useQuery({
    queryKey: ['editor-document', documentId],
    queryFn: () => loadDocument(documentId),
    enabled: isAuthenticated && !recoveryPending,
    staleTime: Infinity,
    retry: false,
  });
  useDocumentTitle(loaded.data ? `Editing ${loaded.data.doc.name}` : 'Editor');

  useEffect(() => {
    if (!recoveryPending) return;
    toast.loading(RESTORING_MESSAGE);
    window.location.assign('/editor');
  }, [recoveryPending]);

  useEffect(() => {
    if (loaded.data && !loaded.data.doc.thumbnailUrl) void storeThumbnail(documentId, loaded.data.bytes);
  }, [loaded.data, documentId]);

  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (recoveryPending || loaded.isPending) return <LoadingDocument />;
  if (loaded.isError) {
    return (
      <EditorFrame title="Editor">
        <p className="center-state field-error" role="alert">
          {loaded.error instanceof ApiError ? loaded.error.message : 'Failed to load PDF file'}
        </p>
      </EditorFrame>
    );
  }

  const { doc, bytes } = loaded.data;

  const download = async () => {
    try {
      const output = await editor.current?.exportPdf();
      if (!output) throw new Error('No PDF loaded');
      saveBlob(new Blob([output.buffer as ArrayBuffer], { type: 'application/pdf' }), downloadName(doc.name, false));
      toast.success(DOWNLOADED);
    } catch (error) {
      console.error('Download failed', error);
      toast.error(DOWNLOAD_FAILED);
    }
  };

  const keepMine = () => {
    if (conflict?.currentVersion !== undefined) storage.baseNextSaveOn(conflict.currentVersion);
    setConflict(null);
    void editor.current?.save();
  };

  const loadTheirs = () => {
    setConflict(null);
    setGeneration((value) => value + 1);
  };

  const banner = conflict ? (
    <div className="conflict-banner" role="alert">
      <span>This document was changed in another tab or window. Your edits here are not saved yet.</span>
      <button type="button" className="btn btn-sm" onClick={keepMine}>
        Keep my version
      </button>
      <button type="button" className="btn btn-sm" onClick={loadTheirs}>
        Load saved version
      </button>
    </div>
  ) : undefined;

  return (
    <EditorFrame title={doc.name} banner={banner}>
      <PdfEditor
        key={generation}
        ref={editor}
        file={bytes}
        fileName={doc.name}
        documentId={documentId}
        storage={storage}
        gate={gate}
        signatureStore={signatureStore}
        onGatePrompt={(decision) => {
          if (decision.prompt === 'download') void download();
          else toast.error(decision.message);
        }}
        onError={(error) => {
          if (error instanceof StorageConflictError) setConflict(error);
          else if (!(error instanceof ApiError)) toast.error(error.message || 'Failed to save document');
        }}
        toolbarEnd={
          <>
            <ToolWatcher onPicked={() => undefined} />
            <Autosave paused={conflict !== null} />
            <SdkUnsavedBadge />
            <ShareButton documentId={documentId} />
          </>
        }
      />
    </EditorFrame>
  );
}
