// StorageAdapter over the host server's API: GET/PUT /api/documents/:id/annotations with
// `{ annotations, version }`, and PATCH with only the changes since `version` when the editor
// gives them; a 409 answer means the stored copy moved on (StorageConflictError).
import { StorageConflictError } from '../core/adapters';
import type { StorageAdapter, StoredAnnotations } from '../core/adapters';
import { toAnnotationChanges } from '../core/history/changes';
import { parseAnnotations } from '../core/model/serialize';
import { checkFormValues } from '../core/forms/valuesJson';

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

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** A PATCH answer saying the changes could not be applied, where the whole list still can. */
async function patchRefused(response: Response): Promise<boolean> {
  // 404/405: a server without the PATCH route. 422 with a reason: the stored list is not the one
  // the changes were made against; the whole list, checked against the same version, still is.
  if (response.status === 404 || response.status === 405) {
    await response.body?.cancel();
    return true;
  }
  if (response.status !== 422) return false;
  const body = await jsonOf(response.clone());
  return Boolean(body && typeof body === 'object' && 'reason' in body);
}

/**
 * Stores annotations on the host server: `GET` and `PUT` `<baseUrl>/api/documents/:id/annotations`
 * with a JSON body `{ annotations, version }` (and `formValues`, the form's values, when the editor
 * gives them; `load` gives back the ones the server answers), cookies included. `getToken`, when it returns a
 * token, adds `Authorization: Bearer <token>`. A 404 on load means nothing saved yet (null).
 *
 * A save given the editor's `changes` on top of a stored version sends only them:
 * `PATCH { added, updated, removed, version }`. It sends the whole list instead when there is no
 * stored version yet, when the changes move annotations (an undone deletion), and when the server
 * answers the PATCH 404 or 405 (no such route: an older server) or 422 with a `reason` (the changes
 * do not fit what it stores); that PUT carries the same version, so it cannot overwrite newer work.
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
  let patchAllowed = true;
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
      const formValues = body && typeof body === 'object' && 'formValues' in body ? checkFormValues(body.formValues, 'formValues') : undefined;
      return { annotations: parseAnnotations(list), version: readVersion(body) ?? 0, ...(formValues && { formValues }) };
    },
    async save(documentId, annotations, baseVersion, changes, formValues) {
      const send = async (method: 'PUT' | 'PATCH', body: object) =>
        fetchImpl(url(documentId), {
          method,
          headers: await headers(),
          credentials: 'include',
          body: JSON.stringify({ ...body, version: baseVersion, ...(formValues && { formValues }) }),
        });
      const patch = baseVersion > 0 && changes && patchAllowed ? toAnnotationChanges(changes) : null;
      let response = patch && (await send('PATCH', patch));
      if (!response || (await patchRefused(response))) {
        // A server that does not allow the method will not start to: the next saves go whole.
        if (response?.status === 405) patchAllowed = false;
        response = await send('PUT', { annotations });
      }
      if (response.status === 409) throw new StorageConflictError(documentId, readVersion(await jsonOf(response)));
      if (!response.ok) return fail(response);
      const version = readVersion(await jsonOf(response)) ?? baseVersion + 1;
      return { annotations: [...annotations], version, ...(formValues && { formValues }) };
    },
  };
}
