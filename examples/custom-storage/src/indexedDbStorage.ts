// The custom StorageAdapter this example is about: each document's annotations in IndexedDB, as
// the versioned JSON the core writes, with optimistic versioning so two tabs cannot overwrite each
// other's work (the adapter contract's StorageConflictError).
import {
  StorageConflictError,
  parseAnnotations,
  serializeAnnotations,
  type StorageAdapter,
  type StoredAnnotations,
} from '@marginalia/pdf-editor/core';
import { STORES, inTransaction, requestResult } from './idb';

interface Row {
  version: number;
  /** What serializeAnnotations wrote: `{ version, annotations }` with the format version. */
  json: string;
}

export function indexedDbStorage(databaseName = 'marginalia-example'): StorageAdapter {
  return {
    async load(documentId): Promise<StoredAnnotations | null> {
      const row = await inTransaction(databaseName, STORES.annotations, 'readonly', (store) =>
        requestResult(store.get(documentId) as IDBRequest<Row | undefined>),
      );
      // parseAnnotations validates what was stored: a corrupt row fails loudly instead of half-loading.
      return row ? { annotations: parseAnnotations(row.json), version: row.version } : null;
    },

    async save(documentId, annotations, baseVersion) {
      // Read and write in one readwrite transaction, so the version check and the write are atomic.
      return inTransaction(databaseName, STORES.annotations, 'readwrite', async (store) => {
        const current =
          (await requestResult(store.get(documentId) as IDBRequest<Row | undefined>))?.version ?? 0;
        if (current !== baseVersion) throw new StorageConflictError(documentId, current);
        const row: Row = { version: current + 1, json: serializeAnnotations(annotations) };
        await requestResult(store.put(row, documentId));
        return { annotations: [...annotations], version: row.version };
      });
    },
  };
}
