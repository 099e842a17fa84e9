// StorageAdapter over the host server's API: GET/PUT /api/documents/:id/annotations with
// `{ annotations, version }`; a 409 answer means the stored copy moved on (StorageConflictError).
import { StorageConflictError } from '../core/adapters';
import type { StorageAdapter, StoredAnnotations } from '../core/adapters';
import { parseAnnotations } from '../core/model/serialize';

/** The host server answered a storage request with an error `status` (not a 409 conflict). */
export class StorageRequestError extends Error {
  override readonly name = 'StorageRequestError';
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function readVersion(body: unknown): number | undefined {
  if (body && typeof body === 'object' && 'version' in body && typeof body.version === 'number') return body.version;
  return undefined;
}

/**
 * Stores annotations on the host server: `GET` and `PUT` `<baseUrl>/api/documents/:id/annotations`
 * with a JSON body `{ annotations, version }`, cookies included. `getToken`, when it returns a
 * token, adds `Authorization: Bearer <token>`. A 404 on load means nothing saved yet (null).
 *
 * Rejects with `StorageConflictError` when the server answers a save with 409 (saved elsewhere
 * since), with `StorageRequestError` on any other error status (the body's `message` when it has
 * one), and with `AnnotationValidationError` when the loaded annotations do not fit the model.
 *
 * @example
 * const storage = httpStorage('https://api.example.com', () => session.accessToken);
 * <PdfEditor file={file} storage={storage} documentId={documentId} />;
 */
export function httpStorage(
  baseUrl: string,
  getToken?: () => string | null | undefined | Promise<string | null | undefined>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): StorageAdapter {
  const url = (id: string) => `${baseUrl.replace(/\/$/, '')}/api/documents/${encodeURIComponent(id)}/annotations`;
  const headers = async (): Promise<Record<string, string>> => {
    const token = await getToken?.();
    return { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  };
  const fail = async (response: Response): Promise<never> => {
    let message = `Request failed with status ${response.status}`;
    try {
      const body: unknown = await response.json();
      if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') message = body.message;
    } catch {
      // A body that is not JSON keeps the status message.
    }
    throw new StorageRequestError(response.status, message);
  };

  return {
    async load(documentId): Promise<StoredAnnotations | null> {
      const response = await fetchImpl(url(documentId), { headers: await headers(), credentials: 'include' });
      if (response.status === 404) return null;
      if (!response.ok) return fail(response);
      const body: unknown = await response.json();
      // `version` here is the document's revision, not the JSON format version parseAnnotations
      // checks, so only the list goes through it.
      const list = body && typeof body === 'object' && 'annotations' in body ? body.annotations : body;
      return { annotations: parseAnnotations(list), version: readVersion(body) ?? 0 };
    },
    async save(documentId, annotations, baseVersion) {
      const response = await fetchImpl(url(documentId), {
        method: 'PUT',
        headers: await headers(),
        credentials: 'include',
        body: JSON.stringify({ annotations, version: baseVersion }),
      });
      if (response.status === 409) {
        let current: number | undefined;
        try {
          current = readVersion(await response.json());
        } catch {
          current = undefined;
        }
        throw new StorageConflictError(documentId, current);
      }
      if (!response.ok) return fail(response);
      const body: unknown = await response.json();
      const version = readVersion(body) ?? baseVersion + 1;
      return { annotations: [...annotations], version };
    },
  };
}
