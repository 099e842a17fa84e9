// The PDF the user opened last, kept in IndexedDB too, so a reload brings back the document and
// (through the storage adapter) its annotations.
import { STORES, inTransaction, requestResult } from './idb';

export interface StoredFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const KEY = 'last-opened';

export function rememberFile(databaseName: string, file: StoredFile): Promise<void> {
  return inTransaction(databaseName, STORES.files, 'readwrite', async (store) => {
    await requestResult(store.put(file, KEY));
  });
}

export function lastFile(databaseName: string): Promise<StoredFile | undefined> {
  return inTransaction(databaseName, STORES.files, 'readonly', (store) =>
    requestResult(store.get(KEY) as IDBRequest<StoredFile | undefined>),
  );
}

/** A stable id for a file: the same PDF opened again finds its annotations. */
export async function documentIdOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
