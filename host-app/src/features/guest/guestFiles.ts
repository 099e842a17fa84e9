// Hand-off of a guest's chosen PDF from the landing page to the editor (spec section 4): small files as a
// data URL in session storage, files over 3 MB in IndexedDB; stale local files are removed after 2 hours.
import { bytesToDataUrl, dataUrlToBytes, fileToBytes } from './dataUrl';
import { deleteGuestFilesOlderThan, getGuestFile, putGuestFile } from './idb';

export const SESSION_FILE_LIMIT = 3 * 1024 * 1024;
export const GUEST_FILE_TTL_MS = 2 * 60 * 60 * 1000;
export const FILE_TOO_LARGE_FOR_SESSION = 'File too large. Try a smaller file.';

export const HANDOFF_KEYS = {
  name: 'guestFileName',
  size: 'guestFileSize',
  type: 'guestFileType',
  id: 'guestFileId',
  storage: 'guestFileStorage',
  data: 'guestFileData',
  currentName: 'currentFileName',
} as const;

export interface GuestFile {
  name: string;
  bytes: Uint8Array;
  /** Present when the bytes live in IndexedDB, so recovery records can point at them. */
  localId?: string;
}

export async function storeGuestFile(file: File, session: Storage, now = Date.now()): Promise<void> {
  clearGuestFileHandoff(session);
  session.setItem(HANDOFF_KEYS.name, file.name);
  session.setItem(HANDOFF_KEYS.size, String(file.size));
  session.setItem(HANDOFF_KEYS.type, file.type || 'application/pdf');
  session.setItem(HANDOFF_KEYS.currentName, file.name);
  if (file.size > SESSION_FILE_LIMIT) {
    const id = `guest-file-${now}`;
    await putGuestFile({ id, name: file.name, type: file.type, size: file.size, data: file, timestamp: now });
    session.setItem(HANDOFF_KEYS.id, id);
    session.setItem(HANDOFF_KEYS.storage, 'indexeddb');
    return;
  }
  const dataUrl = bytesToDataUrl(await fileToBytes(file), file.type || 'application/pdf');
  try {
    session.setItem(HANDOFF_KEYS.data, dataUrl);
  } catch {
    throw new Error(FILE_TOO_LARGE_FOR_SESSION);
  }
  session.setItem(HANDOFF_KEYS.storage, 'session');
}

export async function loadGuestFile(session: Storage): Promise<GuestFile | null> {
  const name = session.getItem(HANDOFF_KEYS.name) ?? session.getItem(HANDOFF_KEYS.currentName);
  if (!name) return null;
  if (session.getItem(HANDOFF_KEYS.storage) === 'indexeddb') {
    const id = session.getItem(HANDOFF_KEYS.id);
    const stored = id ? await getGuestFile(id) : null;
    if (!stored) return null;
    return { name, bytes: await fileToBytes(stored.data), localId: stored.id };
  }
  const data = session.getItem(HANDOFF_KEYS.data);
  return data ? { name, bytes: dataUrlToBytes(data) } : null;
}

export function clearGuestFileHandoff(session: Storage): void {
  for (const key of Object.values(HANDOFF_KEYS)) session.removeItem(key);
}

export function cleanupStaleGuestFiles(now = Date.now()): Promise<number> {
  return deleteGuestFilesOlderThan(now - GUEST_FILE_TTL_MS);
}
