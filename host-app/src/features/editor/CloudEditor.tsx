// /editor/:documentId for a signed-in user: loads the stored PDF and its annotations, offers back a
// local draft left from an earlier visit ("Restore unsaved changes from {time}?"), saves a draft
// whose save the session's end interrupted as soon as the PDF is open, shows a conflict from another
// tab instead of losing it, downloads without a watermark and shares a read-only link. Saving is
// the editor's persistence over the document's storage and this tab's draft (documentStorage.ts);
// the badge, the exit guard and the version history are the CloudControls'.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import toast from 'react-hot-toast';
import { PdfEditor, type EditorDraft, type PdfEditorHandle } from '@marginalia/pdf-editor';
import { parseAnnotations, type Annotation, type FormValues } from '@marginalia/pdf-editor/core';
import { documentsApi } from '../../api/documents';
import { ApiError } from '../../api/errors';
import type { DocumentSummary } from '@marginalia/api';
import { Modal } from '../../components/Modal';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { EXPORT_FONTS } from '../../lib/exportFonts';
import { selectVerifiedPlan, useAuthStore } from '../../stores/authStore';
import { RESTORING_MESSAGE } from '../auth/session';
import { deleteDraft, draftDiffers, readDraft, restoreQuestion, type DocumentDraft } from '../drafts/draftStore';
import { claimTabId } from '../drafts/tabIdentity';
import { fileToBytes } from '../guest/dataUrl';
import { browserStores, hasPendingRecovery } from '../guest/recovery';
import { CloudControls, SAVE_FAILED_MESSAGE, SAVED_MESSAGE } from './CloudControls';
import { documentStorage, tabDraftStore } from './documentStorage';
import { liveStorage, OfflineError, useLiveDocument } from './liveEditing';
import { LiveSession } from './LiveSession';
import { ReadOnlyDocument } from './ReadOnlyDocument';
import { AUTOSAVE_DELAY_MS, ToolWatcher } from './EditorChrome';
import { CompactHeading, EditorFrame, LoadingDocument } from './EditorFrame';
import { useAccount } from '../plans/useAccount';
import { hostGate } from './hostGate';
import { serverSummaryProvider } from './summaryProvider';
import { reportDownloadFailure, saveDownload } from './saveDownload';
import { ShareButton } from './ShareButton';
import { storeThumbnail } from './thumbnail';
import { signatureStoreFor } from './signatures';
import { OCR_OPTION } from './ocr';

const PROCESSING_POLL_MS = 2000;

interface StoredDocument {
  doc: DocumentSummary;
  bytes: Uint8Array;
  annotations: Annotation[];
  version: number;
  /** The values saved for the PDF's form fields, if any. */
  formValues?: FormValues;
}

async function loadDocument(id: string): Promise<StoredDocument> {
  let doc = await documentsApi.get(id);
  while (doc.status === 'PROCESSING') {
    await new Promise((resolve) => window.setTimeout(resolve, PROCESSING_POLL_MS));
    doc = await documentsApi.get(id);
  }
  if (doc.status === 'FAILED') throw new Error('This document could not be converted to PDF.');
  const [file, stored] = await Promise.all([documentsApi.download(id), documentsApi.annotations(id)]);
  return {
    doc,
    bytes: await fileToBytes(file),
    annotations: parseAnnotations(stored.annotations),
    version: stored.version ?? 0,
    ...(stored.formValues && { formValues: stored.formValues }),
  };
}

/**
 * Whether the document is edited together (shared with collaborators, or someone else's): it then
 * opens bound to its shared document on /api/collab. A document of one's own that nobody else can
 * open keeps saving over HTTP alone, where another tab's save is a conflict to show.
 */
function editedTogether(doc: DocumentSummary): boolean {
  return doc.access !== 'owner' || doc.collaborators > 0;
}

export const PAGES_CHANGED_MESSAGE = 'A collaborator changed the pages: the document was reloaded.';

/** The settings of the editor's autosave: 30 seconds after the last change. */
const AUTOSAVE = { delayMs: AUTOSAVE_DELAY_MS };

/** What the editor opens: the server's PDF, or the draft's when its pages changed. */
function startingPoint(stored: StoredDocument, draft: DocumentDraft | null): { file: Uint8Array; annotations: Annotation[]; restore?: EditorDraft } {
  if (!draft) return { file: stored.bytes, annotations: stored.annotations };
  const { annotations, pdf, baseVersion, saveRequested, formValues } = draft;
  return { file: pdf ?? stored.bytes, annotations, restore: { annotations, pdf, baseVersion, saveRequested, ...(formValues && { formValues }) } };
}

export function CloudEditor({ documentId }: { documentId: string }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  // Asked again on opening, so a trial that ended since the page loaded gates the Pro tools.
  useAccount();
  const plan = useAuthStore(selectVerifiedPlan);
  const accountId = useAuthStore((state) => state.user?.id ?? null);
  const sessionToken = useAuthStore((state) => state.token);
  const account = useAuthStore((state) => state.user);
  const signatureStore = useMemo(() => signatureStoreFor(accountId), [accountId]);
  const location = useLocation();
  const recoveryPending = useMemo(() => hasPendingRecovery(browserStores()), []);
  const editor = useRef<PdfEditorHandle>(null);
  const [conflict, setConflict] = useState<{ version: number | undefined } | null>(null);
  /** Whether the local draft is laid over the server's content: asked first, unless its save was interrupted. */
  const [draftChoice, setDraftChoice] = useState<'ask' | 'restore' | 'discard'>('ask');
  const gate = useMemo(() => hostGate(() => ({ isGuest: false, plan })), [plan]);
  const summaryProvider = useMemo(() => serverSummaryProvider(documentId), [documentId]);

  const loaded = useQuery({
    queryKey: ['editor-document', documentId],
    queryFn: () => loadDocument(documentId),
    enabled: isAuthenticated && !recoveryPending,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const draft = useQuery({
    queryKey: ['draft', accountId, documentId],
    queryFn: async () => {
      const tabId = await claimTabId();
      const found = await readDraft(accountId ?? '', documentId, tabId).catch((error: unknown) => {
        console.warn('Local draft unreadable', error);
        return null;
      });
      return { tabId, found };
    },
    enabled: accountId !== null && !recoveryPending,
    staleTime: Infinity,
    gcTime: 0,
  });
  useDocumentTitle(loaded.data ? `Editing ${loaded.data.doc.name}` : 'Editor');

  useEffect(() => {
    if (!recoveryPending) return;
    toast.loading(RESTORING_MESSAGE);
    window.location.assign('/editor');
  }, [recoveryPending]);

  useEffect(() => {
    if (loaded.error) console.error('Loading the document failed', loaded.error);
  }, [loaded.error]);

  useEffect(() => {
    if (loaded.data && loaded.data.doc.access === 'owner' && !loaded.data.doc.thumbnailUrl) void storeThumbnail(documentId, loaded.data.bytes);
  }, [loaded.data, documentId]);

  // A viewer's read-only view follows the shared document itself.
  const together = loaded.data !== undefined && editedTogether(loaded.data.doc) && loaded.data.doc.access !== 'viewer';
  const { live, status } = useLiveDocument(documentId, together ? sessionToken : null);
  const storage = useMemo(() => {
    if (!loaded.data) return undefined;
    const { annotations, version, formValues } = loaded.data;
    const stored = documentStorage(loaded.data.doc.name, { annotations, version, ...(formValues && { formValues }) });
    return live ? liveStorage(stored, live) : stored;
  }, [loaded.data, live]);
  const tabId = draft.data?.tabId;
  const fileName = loaded.data?.doc.name;
  const drafts = useMemo(
    () => (accountId !== null && tabId && fileName ? tabDraftStore(accountId, documentId, tabId, fileName) : undefined),
    [accountId, documentId, tabId, fileName],
  );
  const reload = useCallback(() => {
    setDraftChoice('discard');
    setConflict(null);
    void loaded.refetch();
  }, [loaded]);

  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (recoveryPending || loaded.isPending || !draft.data || (together && !live)) return <LoadingDocument />;
  if (loaded.isError) {
    return (
      <EditorFrame title="Editor">
        <p className="center-state field-error" role="alert">
          {loaded.error instanceof ApiError ? loaded.error.message : 'Failed to load PDF file'}
        </p>
      </EditorFrame>
    );
  }

  const stored = loaded.data;
  const { doc } = stored;
  if (doc.access === 'viewer') {
    return (
      <EditorFrame title={doc.name}>
        <ReadOnlyDocument
          key={loaded.dataUpdatedAt}
          bytes={stored.bytes}
          fileName={doc.name}
          annotations={stored.annotations}
          live={sessionToken ? { documentId, credential: sessionToken } : undefined}
          onPagesChanged={reload}
        />
      </EditorFrame>
    );
  }
  // A draft holding just what the server has (its save went through as the page closed) is no news.
  const { found } = draft.data;
  const localDraft = found && draftDiffers(found, stored) ? found : null;

  if (localDraft && draftChoice === 'ask' && !localDraft.saveRequested) {
    const discard = async () => {
      await deleteDraft(localDraft.accountId, localDraft.documentId, localDraft.tabId).catch((error: unknown) => console.warn('Draft not deleted', error));
      setDraftChoice('discard');
    };
    return (
      <EditorFrame title={doc.name}>
        <Modal title="Unsaved changes found" onClose={() => void discard()}>
          <div className="stack">
            <p>{restoreQuestion(localDraft.savedAt)}</p>
            <div className="row">
              <button type="button" className="btn btn-primary" onClick={() => setDraftChoice('restore')}>
                Restore
              </button>
              <button type="button" className="btn" onClick={() => void discard()}>
                Discard
              </button>
            </div>
          </div>
        </Modal>
      </EditorFrame>
    );
  }

  const start = startingPoint(stored, draftChoice === 'discard' ? null : localDraft);

  const keepMine = () => {
    const version = conflict?.version;
    setConflict(null);
    if (version !== undefined) void editor.current?.saveOver(version);
  };

  const banner = conflict ? (
    <div className="conflict-banner" role="alert">
      <span>This document was changed in another tab or window. Your edits here are not saved yet.</span>
      <button type="button" className="btn btn-sm" onClick={keepMine}>
        Keep my version
      </button>
      <button type="button" className="btn btn-sm" onClick={reload}>
        Load saved version
      </button>
    </div>
  ) : undefined;

  return (
    <EditorFrame title={doc.name} banner={banner}>
      <PdfEditor
        key={loaded.dataUpdatedAt}
        ref={editor}
        file={start.file}
        fileName={doc.name}
        defaultAnnotations={start.annotations}
        documentId={documentId}
        storage={storage}
        drafts={drafts}
        restoreDraft={start.restore}
        autosave={AUTOSAVE}
        onSaved={() => void toast.success(SAVED_MESSAGE)}
        onConflict={(error) => setConflict({ version: error.currentVersion })}
        exportFonts={EXPORT_FONTS}
        gate={gate}
        summaryProvider={summaryProvider}
        ocr={OCR_OPTION}
        signatureStore={signatureStore}
        onDownload={saveDownload}
        onGatePrompt={(decision) => toast.error(decision.message, { id: decision.message })}
        onError={(error, during) => {
          if (during === 'draft') console.warn('Local draft not updated', error);
          // The badge says so; the work is in the shared document and the local draft.
          else if (error instanceof OfflineError) return;
          // Failed requests were toasted by the API client (a 401 also leads to /login; the draft stays).
          else if (during === 'save') {
            if (!(error instanceof ApiError)) toast.error(SAVE_FAILED_MESSAGE);
          } else if (!reportDownloadFailure(error, during)) toast.error(error.message || 'Failed to load PDF file');
        }}
        toolbarStart={<CompactHeading title={doc.name} />}
        toolbarEnd={
          <span className="editor-host-controls">
            <ToolWatcher onPicked={() => undefined} />
            {live && (
              <LiveSession
                live={live}
                user={{ id: account?.id ?? '', name: account?.name || account?.email || 'Someone' }}
                status={status}
                onPagesChanged={() => {
                  toast(PAGES_CHANGED_MESSAGE, { id: PAGES_CHANGED_MESSAGE });
                  reload();
                }}
              />
            )}
            <CloudControls
              documentId={documentId}
              fileName={doc.name}
              saveOnOpen={start.restore?.saveRequested ?? false}
              onReload={reload}
              discard={async () => drafts?.clear().catch((error: unknown) => console.warn('Draft not deleted', error))}
              live={live !== null}
              versions={doc.access === 'owner'}
            />
            <ShareButton documentId={documentId} />
          </span>
        }
      />
    </EditorFrame>
  );
}
