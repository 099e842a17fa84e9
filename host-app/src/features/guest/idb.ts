// The local browser database for large guest files (spec section 9: `marginalia-files`, store `pdf-files`, v1).
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

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE_NAME)) {
        request.result.createObjectStore(STORE_NAME, { keyPath: 'id' });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE_NAME, mode);
      const request = work(tx.objectStore(STORE_NAME));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
  } finally {
    db.close();
  }
}

export function putGuestFile(file: StoredGuestFile): Promise<IDBValidKey> {
  return run('readwrite', (store) => store.put(file));
}

export async function getGuestFile(id: string): Promise<StoredGuestFile | null> {
  const found = await run<StoredGuestFile | undefined>('readonly', (store) => store.get(id));
  return found ?? null;
}

export async function deleteGuestFilesOlderThan(cutoff: number): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  const all = await run<StoredGuestFile[]>('readonly', (store) => store.getAll());
  const stale = all.filter((file) => file.timestamp < cutoff);
  for (const file of stale) await run('readwrite', (store) => store.delete(file.id));
  return stale.length;
}
