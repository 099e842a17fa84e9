// A document edited together, as the signed-in editor opens it: one connection to its shared
// document on /api/collab for as long as the page shows it, the editor's storage over it, and
// what the badge says. The annotations are saved by the collaboration server as they are made
// (the SDK's `connectCollaboration` keeps the editor's `dirty` in step with what the server has
// acknowledged); only page edits, which rewrite the PDF, go over HTTP, and collaborators are then
// told to load the new PDF.
import { HocuspocusProvider } from '@hocuspocus/provider';
import { StorageConflictError, type StorageAdapter, type StoredAnnotations } from '@marginalia/pdf-editor';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { documentsApi } from '../../api/documents';
import { collaborationUrl } from './liveAnnotations';

/** Where the connection stands, as the badge says it. */
export type LiveStatus = 'connecting' | 'live' | 'offline' | 'ended';

export const OFFLINE_MESSAGE = 'Offline: your changes are kept on this device and sent when you reconnect';
export const ACCESS_ENDED_MESSAGE = 'Access ended: this document is no longer shared with you';

/** A save asked for while the server cannot be reached: the work stays in the shared document and the local draft. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor() {
    super(OFFLINE_MESSAGE);
  }
}

export interface LiveDocument {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  /** The PDF revisions this page stored itself (the versions its page saves were answered with). */
  readonly ownPdfRevisions: Set<string>;
  /** Settles when this page's page save, if one runs, is answered. */
  pageSave: Promise<unknown>;
  status: LiveStatus;
}

/** How long a save waits for the server to acknowledge what was sent before calling it offline. */
const ACKNOWLEDGE_TIMEOUT_MS = 10_000;
/** How many times a page save is retried over the version a collaborator's store moved on to. */
const PAGE_SAVE_ATTEMPTS = 3;

/**
 * The shared document of `documentId` while the component using it is mounted, or null while
 * `credential` is null. The browser's own "offline" and "online" events drop and renew the socket
 * at once: a socket can stay open long after the network is gone.
 */
export function useLiveDocument(documentId: string, credential: string | null): { live: LiveDocument | null; status: LiveStatus } {
  const [live, setLive] = useState<LiveDocument | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!credential) return;
    const doc = new Y.Doc();
    let current: LiveDocument | null = null;
    const report = (next: LiveStatus) => {
      if (current) current.status = next;
      setStatus(next);
    };
    const provider = new HocuspocusProvider({
      url: collaborationUrl(),
      name: documentId,
      document: doc,
      token: credential,
      onSynced: () => report('live'),
      onDisconnect: () => {
        if (current?.status !== 'ended') report('offline');
      },
      onAuthenticationFailed: () => end(),
      onClose: ({ event }) => {
        if (event.code === 4403) end();
      },
    });
    // Revoked, removed or signed out: nothing is sent any more, and reconnecting would be refused.
    const end = () => {
      provider.destroy();
      report('ended');
    };
    current = { doc, provider, ownPdfRevisions: new Set(), pageSave: Promise.resolve(), status: 'connecting' };
    const goOffline = () => {
      if (current?.status === 'ended') return;
      provider.disconnect();
      report('offline');
    };
    const goOnline = () => {
      if (current?.status === 'ended') return;
      report('connecting');
      void provider.connect();
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    if (!navigator.onLine) goOffline();
    setLive(current);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      provider.destroy();
      doc.destroy();
      setLive(null);
      setStatus('connecting');
    };
  }, [documentId, credential]);
  return { live, status };
}

/** Resolves once the server has acknowledged everything sent; throws OfflineError when it cannot be reached. */
function acknowledged(live: LiveDocument): Promise<void> {
  const { provider } = live;
  if (!provider.hasUnsyncedChanges && live.status === 'live') return Promise.resolve();
  if (live.status === 'offline' || live.status === 'ended') return Promise.reject(new OfflineError());
  return new Promise((resolve, reject) => {
    const done = () => {
      if (provider.hasUnsyncedChanges) return;
      clearTimeout(timer);
      provider.off('unsyncedChanges', done);
      resolve();
    };
    const timer = setTimeout(() => {
      provider.off('unsyncedChanges', done);
      reject(new OfflineError());
    }, ACKNOWLEDGE_TIMEOUT_MS);
    provider.on('unsyncedChanges', done);
  });
}

/**
 * The editor's storage while the document is edited together: `save` (annotations) waits for the
 * collaboration server to have them, as they are sent there already, and sends the form's values,
 * which are not edited together, over HTTP; `saveDocument` (page edits)
 * stores the PDF with its annotations over HTTP on the current version, which collaborators' saves
 * move on (retried over the version a 409 names), and remembers the revision so this page does not
 * reload for its own change.
 */
export function liveStorage(base: StorageAdapter, live: LiveDocument): StorageAdapter {
  const { saveDocument } = base;
  // A save over HTTP on the version stored now, which collaborators' saves move on: retried over
  // the version a 409 names.
  const onCurrentVersion = async (version: number, save: (version: number) => Promise<StoredAnnotations>) => {
    for (let tries = 1; ; tries += 1) {
      try {
        return await save(version);
      } catch (error) {
        if (!(error instanceof StorageConflictError) || error.currentVersion === undefined || tries >= PAGE_SAVE_ATTEMPTS) throw error;
        version = error.currentVersion;
      }
    }
  };
  return {
    load: (documentId) => base.load(documentId),
    async save(documentId, annotations, _baseVersion, _changes, formValues) {
      await acknowledged(live);
      const stored = await documentsApi.annotations(documentId);
      if (formValues === undefined) return { annotations: [...annotations], version: stored.version ?? 0 };
      // The form's values are not edited together: they go over HTTP, with no change of the
      // annotations the collaboration server already holds.
      const unchanged = { added: [], updated: [], removed: [], reordered: false };
      return onCurrentVersion(stored.version ?? 0, (version) => base.save(documentId, annotations, version, unchanged, formValues));
    },
    saveDocument:
      saveDocument &&
      (async (documentId, pdf, annotations, _baseVersion, formValues) => {
        const saving = onCurrentVersion((await documentsApi.get(documentId)).annotationsVersion, async (version) => {
          const stored = await saveDocument(documentId, pdf, annotations, version, formValues);
          live.ownPdfRevisions.add(String(stored.version));
          return stored;
        });
        live.pageSave = saving.catch(() => undefined);
        return saving;
      }),
  };
}

/** Whether a PDF revision a collaborator announced is one this page stored itself (waiting for its page save to be answered). */
export async function isOwnPdfRevision(live: LiveDocument, revision: string): Promise<boolean> {
  await live.pageSave;
  return live.ownPdfRevisions.has(revision);
}
