// The local browser database for large guest files (spec section 9: `marginalia-files`, store `pdf-files`, v1).
import { inObjectStore, type ObjectStoreLocation } from '../../lib/objectStore';

export const DB_NAME = 'marginalia-files';
export const STORE_NAME = 'pdf-files';
export const DB_VERSION = 1;

export interface StoredGuestFile {
  id: string;
  name: string;
  type: string;
  size: number;
  data: Blob;
  timestamp: number;
}

const GUEST_FILES: ObjectStoreLocation = {
  database: DB_NAME,
  version: DB_VERSION,
  store: STORE_NAME,
  keyPath: 'id',
};

export function putGuestFile(file: StoredGuestFile): Promise<IDBValidKey> {
  return inObjectStore(GUEST_FILES, 'readwrite', (store) => store.put(file));
}

export async function getGuestFile(id: string): Promise<StoredGuestFile | null> {
  const found = await inObjectStore<StoredGuestFile | undefined>(GUEST_FILES, 'readonly', (store) =>
    store.get(id),
  );
  return found ?? null;
}

export async function deleteGuestFilesOlderThan(cutoff: number): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  const all = await inObjectStore<StoredGuestFile[]>(GUEST_FILES, 'readonly', (store) => store.getAll());
  const stale = all.filter((file) => file.timestamp < cutoff);
  for (const file of stale) await inObjectStore(GUEST_FILES, 'readwrite', (store) => store.delete(file.id));
  return stale.length;
}
