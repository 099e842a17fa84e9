// The SDK's StorageAdapter over the app's API client, so saves get the spec's error toasts and a stale
// version surfaces as the SDK's StorageConflictError.
import { parseAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import { StorageConflictError, type StorageAdapter } from '@marginalia/pdf-editor';
import { documentsApi } from '../../api/documents';
import { ApiError } from '../../api/errors';

export interface ApiStorage extends StorageAdapter {
  /** Makes the next save build on `version` (after the user chose to keep their copy in a conflict). */
  baseNextSaveOn(version: number): void;
}

function versionOf(body: unknown): number | undefined {
  if (body && typeof body === 'object' && 'version' in body && typeof body.version === 'number') return body.version;
  return undefined;
}

export function apiStorage(onSaved: (annotations: readonly Annotation[]) => void): ApiStorage {
  let forcedBase: number | null = null;
  return {
    async load(documentId) {
      const body = await documentsApi.annotations(documentId);
      return { annotations: parseAnnotations(body), version: body.version ?? 0 };
    },
    async save(documentId, annotations, baseVersion) {
      const base = forcedBase ?? baseVersion;
      forcedBase = null;
      try {
        const result = await documentsApi.saveAnnotations(documentId, [...annotations], base);
        onSaved(annotations);
        return { annotations: [...annotations], version: result.version };
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) throw new StorageConflictError(documentId, versionOf(error.body));
        throw error;
      }
    },
    baseNextSaveOn(version) {
      forcedBase = version;
    },
  };
}
