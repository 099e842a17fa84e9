// Guest work that must survive sign-up or sign-in (spec section 4, "Recovery"): the editor state backup
// (valid 1 hour, kept in local and session storage) and the pending document (local storage).
import type { Annotation } from '@marginalia/pdf-editor/core';
import { HANDOFF_KEYS, storeGuestFile } from './guestFiles';

export const EDITOR_BACKUP_KEY = 'editor_state_backup';
export const PENDING_DOCUMENT_KEY = 'pendingDocument';
export const DOCUMENT_STATE_KEY = 'documentState';
export const BACKUP_VALIDITY_MS = 60 * 60 * 1000;
export const DEFAULT_FILE_NAME = 'Untitled.pdf';

export interface RecoveryInput {
  fileName: string;
  /** Data URL of the PDF; may be absent when the bytes live in IndexedDB under `fileRef`. */
  fileData?: string;
  fileRef?: string;
  annotations: Annotation[];
  editCount: number;
  timeSpent: number;
}

export interface RecoveryData extends RecoveryInput {
  source: 'EditorStateManager' | 'DocumentRecovery' | 'GuestData';
}

interface EditorBackup extends RecoveryInput {
  savedAt: number;
}

export interface RecoveryStores {
  local: Storage;
  session: Storage;
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    console.warn('Ignoring unreadable recovery data', error);
    return null;
  }
}

function safeSet(storage: Storage, key: string, value: string): boolean {
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Saves the guest's work before authentication; false when there is no file to save. */
export function saveRecoveryData(stores: RecoveryStores, input: RecoveryInput, now = Date.now()): boolean {
  if (!input.fileData && !input.fileRef) return false;
  const backup: EditorBackup = { ...input, savedAt: now };
  const serialized = JSON.stringify(backup);
  // Either copy is enough; session storage survives a full reload in the same tab, local storage a new tab.
  const local = safeSet(stores.local, EDITOR_BACKUP_KEY, serialized);
  const session = safeSet(stores.session, EDITOR_BACKUP_KEY, serialized);
  return local || session;
}

function readBackup(stores: RecoveryStores, now: number): EditorBackup | null {
  for (const storage of [stores.session, stores.local]) {
    const backup = parse<EditorBackup>(storage.getItem(EDITOR_BACKUP_KEY));
    if (backup && now - backup.savedAt <= BACKUP_VALIDITY_MS && (backup.fileData || backup.fileRef)) return backup;
  }
  return null;
}

interface PendingDocument {
  fileName: string;
  fileData: string;
  annotations: Annotation[];
  editCount: number;
  timeSpent: number;
  hasUnsavedChanges: boolean;
  currentPage: number;
  timestamp: number;
}

interface DocumentState {
  fileName?: string;
  fileData?: string;
  annotations?: Annotation[];
  editCount?: number;
  timeSpent?: number;
}

/** Whether signing in should send the user back to the editor with restored work. */
export function hasPendingRecovery(stores: RecoveryStores, now = Date.now()): boolean {
  return readBackup(stores, now) !== null || parse<PendingDocument>(stores.local.getItem(PENDING_DOCUMENT_KEY)) !== null;
}

export function getRecoveryData(stores: RecoveryStores, now = Date.now()): RecoveryData | null {
  const backup = readBackup(stores, now);
  if (backup) {
    return {
      fileName: backup.fileName || DEFAULT_FILE_NAME,
      fileData: backup.fileData,
      fileRef: backup.fileRef,
      annotations: backup.annotations ?? [],
      editCount: backup.editCount ?? 0,
      timeSpent: backup.timeSpent ?? 0,
      source: 'EditorStateManager',
    };
  }
  const pending = parse<PendingDocument>(stores.local.getItem(PENDING_DOCUMENT_KEY));
  if (pending?.fileData) {
    return {
      fileName: pending.fileName || DEFAULT_FILE_NAME,
      fileData: pending.fileData,
      annotations: pending.annotations ?? [],
      editCount: pending.editCount ?? 0,
      timeSpent: pending.timeSpent ?? 0,
      source: 'DocumentRecovery',
    };
  }
  const state = parse<DocumentState>(stores.session.getItem(DOCUMENT_STATE_KEY));
  const fileData = stores.session.getItem(HANDOFF_KEYS.data) ?? state?.fileData;
  if (state && fileData) {
    return {
      fileName: state.fileName || stores.session.getItem(HANDOFF_KEYS.currentName) || DEFAULT_FILE_NAME,
      fileData,
      annotations: state.annotations ?? [],
      editCount: state.editCount ?? 0,
      timeSpent: state.timeSpent ?? 0,
      source: 'GuestData',
    };
  }
  return null;
}

export function savePendingDocument(local: Storage, input: RecoveryInput & { fileData: string }, now = Date.now()): boolean {
  const pending: PendingDocument = { ...input, hasUnsavedChanges: true, currentPage: 1, timestamp: now };
  return safeSet(local, PENDING_DOCUMENT_KEY, JSON.stringify(pending));
}

/** Moves a pending document back into the session hand-off; a corrupt copy is dropped. */
export function restorePendingDocument(stores: RecoveryStores): boolean {
  const raw = stores.local.getItem(PENDING_DOCUMENT_KEY);
  if (!raw) return false;
  const pending = parse<PendingDocument>(raw);
  stores.local.removeItem(PENDING_DOCUMENT_KEY);
  if (!pending?.fileData) return false;
  stores.session.setItem(HANDOFF_KEYS.name, pending.fileName);
  stores.session.setItem(HANDOFF_KEYS.data, pending.fileData);
  stores.session.setItem(
    DOCUMENT_STATE_KEY,
    JSON.stringify({ fileName: pending.fileName, annotations: pending.annotations, editCount: pending.editCount }),
  );
  return true;
}

/**
 * Whether recovered work is of the file now in the session hand-off: the same bytes (a reload, or the
 * same file chosen again), or the same local copy. False means the user chose another file since.
 */
export function isOfHandedOffFile(recovery: RecoveryData, session: Storage): boolean {
  if (recovery.fileRef) return recovery.fileRef === session.getItem(HANDOFF_KEYS.id);
  return recovery.fileData !== undefined && recovery.fileData === session.getItem(HANDOFF_KEYS.data);
}

/**
 * Hands a newly chosen guest file to the editor. The annotations drawn on the file it replaces (the
 * live document state of the current hand-off) first become the editor backup, so the editor can ask
 * which of the two to open rather than lose them or lay them over the new file.
 */
export async function handOffGuestFile(file: File, stores: RecoveryStores): Promise<void> {
  const state = parse<DocumentState>(stores.session.getItem(DOCUMENT_STATE_KEY));
  stores.session.removeItem(DOCUMENT_STATE_KEY);
  if (state?.annotations && state.annotations.length > 0) {
    const inIndexedDb = stores.session.getItem(HANDOFF_KEYS.storage) === 'indexeddb';
    saveRecoveryData(stores, {
      fileName: state.fileName || stores.session.getItem(HANDOFF_KEYS.currentName) || DEFAULT_FILE_NAME,
      fileData: inIndexedDb ? undefined : (stores.session.getItem(HANDOFF_KEYS.data) ?? undefined),
      fileRef: inIndexedDb ? (stores.session.getItem(HANDOFF_KEYS.id) ?? undefined) : undefined,
      annotations: state.annotations,
      editCount: state.editCount ?? 0,
      timeSpent: state.timeSpent ?? 0,
    });
  }
  await storeGuestFile(file, stores.session);
}

/** Drops the editor backup and the pending document (the user chose to open another file instead). */
export function discardRecoveredWork(stores: RecoveryStores): void {
  stores.local.removeItem(EDITOR_BACKUP_KEY);
  stores.session.removeItem(EDITOR_BACKUP_KEY);
  stores.local.removeItem(PENDING_DOCUMENT_KEY);
}

export function clearRecoveryData(stores: RecoveryStores): void {
  stores.local.removeItem(EDITOR_BACKUP_KEY);
  stores.session.removeItem(EDITOR_BACKUP_KEY);
  stores.local.removeItem(PENDING_DOCUMENT_KEY);
  stores.session.removeItem(HANDOFF_KEYS.data);
  stores.session.removeItem(HANDOFF_KEYS.currentName);
  stores.session.removeItem(DOCUMENT_STATE_KEY);
}

export function browserStores(): RecoveryStores {
  return { local: localStorage, session: sessionStorage };
}
