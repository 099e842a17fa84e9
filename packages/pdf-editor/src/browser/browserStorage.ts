// StorageAdapter on the browser's own storage: localStorage under the spec's key `pdf-annotations`,
// moving a document to IndexedDB when its JSON is too large for localStorage's few megabytes.
import { StorageConflictError } from '../core/adapters';
import type { StorageAdapter, StoredAnnotations } from '../core/adapters';
import { parseAnnotations } from '../core/model/serialize';

/** Options of browserStorage. */
export interface BrowserStorageOptions {
  /** localStorage key of the index of documents. */
  key?: string;
  /** Documents whose JSON is longer than this many characters go to IndexedDB. */
  largeThreshold?: number;
  /** IndexedDB database name. */
  databaseName?: string;
}

interface IndexEntry {
  version: number;
  /** Inline JSON, or absent when the annotations live in IndexedDB. */
  annotations?: unknown;
}

const STORE = 'annotations';

function openDatabase(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function idb<T>(name: string, mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDatabase(name);
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** Stores annotations in localStorage (key `pdf-annotations`), large documents in IndexedDB. */
export function browserStorage(options: BrowserStorageOptions = {}): StorageAdapter {
  const key = options.key ?? 'pdf-annotations';
  const threshold = options.largeThreshold ?? 1_000_000;
  const databaseName = options.databaseName ?? 'marginalia-annotations';

  const readIndex = (): Record<string, IndexEntry> => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, IndexEntry>) : {};
    } catch {
      return {};
    }
  };

  return {
    async load(documentId): Promise<StoredAnnotations | null> {
      const entry = readIndex()[documentId];
      if (!entry) return null;
      const raw = entry.annotations ?? (await idb<string | undefined>(databaseName, 'readonly', (s) => s.get(documentId)));
      if (raw === undefined) return null;
      return { annotations: parseAnnotations(raw), version: entry.version };
    },
    async save(documentId, annotations, baseVersion) {
      const index = readIndex();
      const current = index[documentId]?.version ?? 0;
      if (baseVersion !== current) throw new StorageConflictError(documentId, current);
      const json = JSON.stringify(annotations);
      const version = current + 1;
      if (json.length > threshold) {
        await idb(databaseName, 'readwrite', (s) => s.put(json, documentId));
        index[documentId] = { version };
      } else {
        index[documentId] = { version, annotations };
      }
      localStorage.setItem(key, JSON.stringify(index));
      return { annotations: [...annotations], version };
    },
  };
}
