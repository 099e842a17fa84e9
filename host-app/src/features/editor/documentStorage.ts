// The product's side of the editor's persistence: a StorageAdapter over the documents API (the
// annotations' changes, the whole list over a conflict, the PDF with its annotations after page
// edits, 409 as StorageConflictError) and a DraftStore over this tab's IndexedDB draft. The editor
// decides when to save, what is unsaved and what changed; these only carry it.
import { StorageConflictError, type DraftStore, type StorageAdapter, type StoredAnnotations } from '@marginalia/pdf-editor';
import { parseAnnotations } from '@marginalia/pdf-editor/core';
import { documentsApi } from '../../api/documents';
import { ApiError } from '../../api/errors';
import { deleteDraft, saveDraft } from '../drafts/draftStore';

function versionOf(body: unknown): number | undefined {
  if (body && typeof body === 'object' && 'version' in body && typeof body.version === 'number') return body.version;
  return undefined;
}

/** A 409 answer is someone else's save since ours was based: the editor's conflict. */
async function conflictAware(documentId: string, request: Promise<{ version: number }>): Promise<number> {
  try {
    return (await request).version;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw new StorageConflictError(documentId, versionOf(error.body));
    throw error;
  }
}

/**
 * The document's storage on the server. `opened` is what the page loaded before the editor
 * opened (it needed it to compare a draft with): the editor's first load gets it without asking again.
 */
export function documentStorage(fileName: string, opened: StoredAnnotations): StorageAdapter {
  let preloaded: StoredAnnotations | null = opened;
  return {
    async load(documentId) {
      const first = preloaded;
      preloaded = null;
      if (first) return first;
      const stored = await documentsApi.annotations(documentId);
      return { annotations: parseAnnotations(stored.annotations), version: stored.version ?? 0, ...(stored.formValues && { formValues: stored.formValues }) };
    },
    async save(documentId, annotations, baseVersion, changes, formValues) {
      const list = [...annotations];
      // Without changes (a save over a conflict's version) the whole list goes; the form's values go with either.
      const request = changes
        ? documentsApi.saveAnnotationChanges(documentId, list, baseVersion, changes, formValues)
        : documentsApi.saveAnnotations(documentId, list, baseVersion, formValues);
      return { annotations: list, version: await conflictAware(documentId, request), ...(formValues && { formValues }) };
    },
    async saveDocument(documentId, pdf, annotations, baseVersion, formValues) {
      const list = [...annotations];
      let version = await conflictAware(documentId, documentsApi.saveContent(documentId, pdf, fileName, list, baseVersion));
      // The content route keeps the PDF and its annotations; the form's values follow on the version it made.
      const unchanged = { added: [], updated: [], removed: [], reordered: false };
      if (formValues) version = await conflictAware(documentId, documentsApi.saveAnnotationChanges(documentId, list, version, unchanged, formValues));
      return { annotations: list, version, ...(formValues && { formValues }) };
    },
  };
}

/** Where this tab keeps its unsaved work on the document: its IndexedDB draft (drafts/draftStore.ts). */
export function tabDraftStore(accountId: string, documentId: string, tabId: string, fileName: string): DraftStore {
  return {
    write: (draft) => saveDraft({ accountId, documentId, tabId, fileName, ...draft, savedAt: Date.now() }),
    clear: () => deleteDraft(accountId, documentId, tabId),
  };
}
