import {
  StorageConflictError,
  parseAnnotations,
  serializeAnnotations,
  type StorageAdapter,
  type StoredAnnotations,
} from '@marginalia/pdf-editor/core';

/**
 * Annotations in the browser's sessionStorage, one key per document. The stored version makes
 * a save from a stale copy fail instead of overwriting newer work.
 */
export function sessionStorageAdapter(prefix = 'annotations:'): StorageAdapter {
  const read = (documentId: string): { version: number; json: string } | null => {
    const raw = sessionStorage.getItem(prefix + documentId);
    return raw ? (JSON.parse(raw) as { version: number; json: string }) : null;
  };
  return {
    async load(documentId): Promise<StoredAnnotations | null> {
      const row = read(documentId);
      // parseAnnotations validates (and throws on) whatever was stored.
      return row ? { annotations: parseAnnotations(row.json), version: row.version } : null;
    },
    async save(documentId, annotations, baseVersion) {
      const current = read(documentId)?.version ?? 0;
      if (current !== baseVersion) throw new StorageConflictError(documentId, current);
      const version = current + 1;
      sessionStorage.setItem(
        prefix + documentId,
        JSON.stringify({ version, json: serializeAnnotations(annotations) }),
      );
      return { annotations: [...annotations], version };
    },
  };
}
