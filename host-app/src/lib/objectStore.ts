// One IndexedDB object store, opened for each transaction and closed after it, so no connection is
// held open between calls (an open connection would block a later version upgrade in another tab).

export interface ObjectStoreLocation {
  database: string;
  version: number;
  store: string;
  keyPath: string;
}

function open({ database, version, store, keyPath }: ObjectStoreLocation): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(store)) {
        request.result.createObjectStore(store, { keyPath });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

/** Runs `work` in one transaction on the store; resolves with its request's result once committed. */
export async function inObjectStore<T>(
  location: ObjectStoreLocation,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open(location);
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(location.store, mode);
      const request = work(tx.objectStore(location.store));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}
