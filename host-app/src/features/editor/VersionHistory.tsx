// "Version history": the document's revisions on the server (time, author, pages, annotations, size),
// each opened read-only or restored (the restore is itself a new revision), and "Save version".
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { parseAnnotations } from '@marginalia/pdf-editor/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { documentsApi } from '../../api/documents';
import { ApiError } from '../../api/errors';
import type { RevisionSummary } from '@marginalia/api';
import { Modal } from '../../components/Modal';
import { formatSize } from '../../lib/format';
import { fileToBytes } from '../guest/dataUrl';
import { ReadOnlyDocument } from './ReadOnlyDocument';

export const VERSION_SAVED = 'Version saved';
export const VERSION_RESTORED = 'Version restored';
export const RESTORE_CONFLICT = 'This document was changed in another tab or window. Reload it before restoring a version.';

interface VersionHistoryProps {
  documentId: string;
  fileName: string;
  dirty: boolean;
  /** The version the editor's content builds on (the base of a restore's version check). */
  savedVersion: number;
  save(): Promise<boolean>;
  onRestored(): void;
}

export function revisionsKey(documentId: string) {
  return ['revisions', documentId] as const;
}

function revisionLine(revision: RevisionSummary): string {
  const pages = `${revision.pageCount} ${revision.pageCount === 1 ? 'page' : 'pages'}`;
  const notes = `${revision.annotationCount} ${revision.annotationCount === 1 ? 'annotation' : 'annotations'}`;
  return `${revision.author.name} · ${pages} · ${notes} · ${formatSize(revision.size)}`;
}

async function loadRevision(documentId: string, revisionId: string) {
  const [{ revision, annotations }, file] = await Promise.all([
    documentsApi.revision(documentId, revisionId),
    documentsApi.revisionFile(documentId, revisionId),
  ]);
  return { revision, annotations: parseAnnotations({ annotations }), bytes: await fileToBytes(file) };
}

function OpenedRevision({ documentId, revisionId, fileName, onClose }: { documentId: string; revisionId: string; fileName: string; onClose(): void }) {
  const opened = useQuery({ queryKey: ['revision', documentId, revisionId], queryFn: () => loadRevision(documentId, revisionId), retry: false });
  const title = opened.data ? `Version of ${new Date(opened.data.revision.createdAt).toLocaleString()} (read-only)` : 'Version (read-only)';
  return (
    <Modal title={title} onClose={onClose} width={1100}>
      {opened.isPending && <p className="muted">Loading version...</p>}
      {opened.isError && (
        <p className="field-error" role="alert">
          This version could not be loaded.
        </p>
      )}
      {opened.data && (
        <div className="revision-viewer">
          <ReadOnlyDocument bytes={opened.data.bytes} fileName={fileName} annotations={opened.data.annotations} />
        </div>
      )}
    </Modal>
  );
}

function HistoryPanel({ documentId, fileName, dirty, savedVersion, save, onRestored, onClose }: VersionHistoryProps & { onClose(): void }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: revisionsKey(documentId), queryFn: () => documentsApi.revisions(documentId) });
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const saveVersion = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (dirty && !(await save())) return;
      await documentsApi.saveVersion(documentId);
      await queryClient.invalidateQueries({ queryKey: revisionsKey(documentId) });
      toast.success(VERSION_SAVED);
    } catch {
      // The API client has told the user.
    } finally {
      setBusy(false);
    }
  };

  const restore = async (revision: RevisionSummary) => {
    setBusy(true);
    setProblem(null);
    try {
      await documentsApi.restoreRevision(documentId, revision.id, savedVersion);
      await queryClient.invalidateQueries({ queryKey: revisionsKey(documentId) });
      toast.success(VERSION_RESTORED);
      onClose();
      onRestored();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setProblem(RESTORE_CONFLICT);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Version history" onClose={onClose} width={620}>
      <div className="stack">
        <div className="row">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void saveVersion()} disabled={busy}>
            Save version
          </button>
          {dirty && <span className="muted">Restoring needs your changes saved first.</span>}
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        {list.isPending && <p className="muted">Loading versions...</p>}
        {list.isError && (
          <p className="field-error" role="alert">
            The versions could not be loaded.
          </p>
        )}
        {list.data && list.data.revisions.length === 0 && <p className="muted">No versions yet. Page edits and "Save version" make one.</p>}
        {list.data && list.data.revisions.length > 0 && (
          <ol className="revision-list" aria-label="Versions">
            {list.data.revisions.map((revision) => (
              <li key={revision.id} className="revision-item" data-testid="revision">
                <div>
                  <strong>{new Date(revision.createdAt).toLocaleString()}</strong>
                  {revision.label && <span className="badge">{revision.label}</span>}
                  <p className="muted">{revisionLine(revision)}</p>
                </div>
                <div className="row">
                  <button type="button" className="btn btn-sm" onClick={() => setOpened(revision.id)}>
                    Open
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => void restore(revision)} disabled={busy || dirty}>
                    Restore
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
      {opened && <OpenedRevision documentId={documentId} revisionId={opened} fileName={fileName} onClose={() => setOpened(null)} />}
    </Modal>
  );
}

export function VersionHistory(props: VersionHistoryProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* An icon beside the other controls, its name in the compact layout's menu (editor.css). */}
      <button type="button" className="mg-button editor-history-button" aria-label="Version history" title="Version history" onClick={() => setOpen(true)}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
          <path d="M3 3v5h5M12 7v5l3 3" />
        </svg>
        <span className="editor-control-label">Version history</span>
      </button>
      {open && <HistoryPanel {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
