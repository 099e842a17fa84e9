// A few lines of promise glue over IndexedDB: one database with two object stores, opened per use.
const DATABASE_VERSION = 1;

export const STORES = { annotations: 'annotations', files: 'files' } as const;
type StoreName = (typeof STORES)[keyof typeof STORES];

export function openDatabase(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      for (const store of Object.values(STORES)) {
        if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB "${name}" could not be opened`));
  });
}

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Runs `work` in one transaction and resolves with its result once the transaction commits. */
export async function inTransaction<T>(
  databaseName: string,
  store: StoreName,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(databaseName);
  try {
    const transaction = db.transaction(store, mode);
    const committed = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
    const result = await work(transaction.objectStore(store));
    await committed;
    return result;
  } finally {
    db.close();
  }
}
