// Local drafts of signed-in users' documents, in IndexedDB: every change is kept here, per account and
// document, until the server confirms the save. They outlive a closed tab, a crash and an expired
// session; a draft older than DRAFT_TTL_MS is dropped when read.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { inObjectStore, type ObjectStoreLocation } from '../../lib/objectStore';

export const DRAFT_DB_NAME = 'marginalia-drafts';
export const DRAFT_STORE_NAME = 'drafts';
export const DRAFT_DB_VERSION = 1;
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface DocumentDraft {
  accountId: string;
  documentId: string;
  fileName: string;
  annotations: Annotation[];
  /** The edited PDF when its pages changed (rotate, reorder, delete, insert); null when they did not. */
  pdf: Uint8Array | null;
  /** The server version the edits build on (the base of the save's version check). */
  baseVersion: number;
  /** The user asked to save these changes and the save did not go through (e.g. the session expired). */
  saveRequested: boolean;
  savedAt: number;
}

interface StoredDraft extends DocumentDraft {
  key: string;
}

/** Whether a draft holds anything the server does not: other pages, or other annotations. */
export function draftDiffers(draft: DocumentDraft, stored: { annotations: readonly Annotation[] }): boolean {
  return draft.pdf !== null || JSON.stringify(draft.annotations) !== JSON.stringify(stored.annotations);
}

/** The question asked when a document opens with a draft. */
export function restoreQuestion(savedAt: number): string {
  return `Restore unsaved changes from ${new Date(savedAt).toLocaleString()}?`;
}

export function draftKey(accountId: string, documentId: string): string {
  return `${accountId}:${documentId}`;
}

const DRAFTS: ObjectStoreLocation = {
  database: DRAFT_DB_NAME,
  version: DRAFT_DB_VERSION,
  store: DRAFT_STORE_NAME,
  keyPath: 'key',
};

export async function saveDraft(draft: DocumentDraft): Promise<void> {
  const stored: StoredDraft = { ...draft, key: draftKey(draft.accountId, draft.documentId) };
  await inObjectStore(DRAFTS, 'readwrite', (store) => store.put(stored));
}

/** The account's draft of a document, or null; an expired draft is deleted and not returned. */
export async function readDraft(accountId: string, documentId: string, now = Date.now()): Promise<DocumentDraft | null> {
  const key = draftKey(accountId, documentId);
  const stored = await inObjectStore<StoredDraft | undefined>(DRAFTS, 'readonly', (store) => store.get(key));
  if (!stored) return null;
  if (now - stored.savedAt > DRAFT_TTL_MS) {
    await deleteDraft(accountId, documentId);
    return null;
  }
  return {
    accountId: stored.accountId,
    documentId: stored.documentId,
    fileName: stored.fileName,
    annotations: stored.annotations,
    pdf: stored.pdf,
    baseVersion: stored.baseVersion,
    saveRequested: stored.saveRequested,
    savedAt: stored.savedAt,
  };
}

export async function deleteDraft(accountId: string, documentId: string): Promise<void> {
  await inObjectStore(DRAFTS, 'readwrite', (store) => store.delete(draftKey(accountId, documentId)));
}
