// Local drafts of signed-in users' documents, in IndexedDB: every change is kept here, per account,
// document and tab, until the server confirms the save. Per tab, so two tabs on one document never
// see, overwrite or delete each other's (after a conflict the losing tab's draft stays its own). They
// outlive a closed tab, a crash and an expired session: a draft whose tab is gone is offered to the
// next tab that opens the document, which takes it over. A draft older than DRAFT_TTL_MS is dropped
// when read.
import type { Annotation, FormValues } from '@marginalia/pdf-editor/core';
import { inObjectStore, type ObjectStoreLocation } from '../../lib/objectStore';
import { openTabIds } from './tabIdentity';

export const DRAFT_DB_NAME = 'marginalia-drafts';
export const DRAFT_STORE_NAME = 'drafts';
export const DRAFT_DB_VERSION = 1;
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface DocumentDraft {
  accountId: string;
  documentId: string;
  /** The tab that keeps it (see tabIdentity.ts). */
  tabId: string;
  fileName: string;
  annotations: Annotation[];
  /** The edited PDF when its pages changed (rotate, reorder, delete, insert); null when they did not. */
  pdf: Uint8Array | null;
  /** The server version the edits build on (the base of the save's version check). */
  baseVersion: number;
  /** The user asked to save these changes and the save did not go through (e.g. the session expired). */
  saveRequested: boolean;
  /** The values given to the PDF's form fields, when they differ from the saved ones. */
  formValues?: FormValues;
  savedAt: number;
}

/** Drafts kept before they were per tab have no tab id: their tab counts as gone. */
interface StoredDraft extends Omit<DocumentDraft, 'tabId'> {
  tabId?: string;
  key: string;
}

/** Whether a draft holds anything the server does not: other pages, other annotations, or other form values. */
export function draftDiffers(draft: DocumentDraft, stored: { annotations: readonly Annotation[]; formValues?: FormValues }): boolean {
  return (
    draft.pdf !== null ||
    JSON.stringify(draft.annotations) !== JSON.stringify(stored.annotations) ||
    (draft.formValues !== undefined && JSON.stringify(draft.formValues) !== JSON.stringify(stored.formValues ?? {}))
  );
}

/** The question asked when a document opens with a draft. */
export function restoreQuestion(savedAt: number): string {
  return `Restore unsaved changes from ${new Date(savedAt).toLocaleString()}?`;
}

export function draftKey(accountId: string, documentId: string, tabId: string): string {
  return `${accountId}:${documentId}:${tabId}`;
}

const DRAFTS: ObjectStoreLocation = {
  database: DRAFT_DB_NAME,
  version: DRAFT_DB_VERSION,
  store: DRAFT_STORE_NAME,
  keyPath: 'key',
};

export async function saveDraft(draft: DocumentDraft): Promise<void> {
  const stored: StoredDraft = { ...draft, key: draftKey(draft.accountId, draft.documentId, draft.tabId) };
  await inObjectStore(DRAFTS, 'readwrite', (store) => store.put(stored));
}

function deleteStored(key: string): Promise<undefined> {
  return inObjectStore(DRAFTS, 'readwrite', (store) => store.delete(key));
}

/** Every stored draft of the document, whichever tab keeps it (and one kept before drafts were per tab). */
async function draftsOfDocument(accountId: string, documentId: string): Promise<StoredDraft[]> {
  // The range also holds other documents whose id starts with this one's: the filter leaves them out.
  const range = IDBKeyRange.bound(`${accountId}:${documentId}`, `${accountId}:${documentId}:\uffff`);
  const stored = await inObjectStore<StoredDraft[]>(DRAFTS, 'readonly', (store) => store.getAll(range));
  return stored.filter((draft) => draft.accountId === accountId && draft.documentId === documentId);
}

export interface ReadDraftOptions {
  now?: number;
  /** The tabs open now (default: asked of the browser); null when unknown, then every other tab counts as gone. */
  openTabs?: ReadonlySet<string> | null;
}

/**
 * This tab's draft of the document, or else the newest one left by a tab that is gone, which this tab
 * takes over (it is moved to this tab's key); null when there is none. Expired drafts are deleted.
 */
export async function readDraft(accountId: string, documentId: string, tabId: string, options: ReadDraftOptions = {}): Promise<DocumentDraft | null> {
  const now = options.now ?? Date.now();
  const openTabs = options.openTabs === undefined ? await openTabIds() : options.openTabs;
  let own: StoredDraft | null = null;
  let left: StoredDraft | null = null;
  for (const stored of await draftsOfDocument(accountId, documentId)) {
    if (now - stored.savedAt > DRAFT_TTL_MS) {
      await deleteStored(stored.key);
    } else if (stored.tabId === tabId) {
      own = stored;
    } else if ((!stored.tabId || !openTabs?.has(stored.tabId)) && (!left || stored.savedAt > left.savedAt)) {
      left = stored;
    }
  }
  const found = own ?? left;
  if (!found) return null;
  const draft: DocumentDraft = {
    accountId: found.accountId,
    documentId: found.documentId,
    tabId,
    fileName: found.fileName,
    annotations: found.annotations,
    pdf: found.pdf,
    baseVersion: found.baseVersion,
    saveRequested: found.saveRequested,
    ...(found.formValues && { formValues: found.formValues }),
    savedAt: found.savedAt,
  };
  if (found !== own) {
    await saveDraft(draft);
    await deleteStored(found.key);
  }
  return draft;
}

export async function deleteDraft(accountId: string, documentId: string, tabId: string): Promise<void> {
  await deleteStored(draftKey(accountId, documentId, tabId));
}
