// Document, annotation, share and collaborator calls.
import { toAnnotationChanges, type Annotation, type AnnotationDiff } from '@marginalia/pdf-editor/core';
import type { UploadProgress } from './client';
import { ApiError } from './errors';
import { api } from './instance';
import type {
  AnnotationsResponse,
  CollaboratorListResponse,
  CollaboratorResponse,
  CollaboratorRole,
  InviteCollaboratorRequest,
  ContentSaveResponse,
  RevisionListResponse,
  RevisionResponse,
  RevisionSummary,
  DocumentListResponse,
  DocumentSummary,
  FormValuesInput,
  ShareResponse,
  SharedDocumentResponse,
  UploadResponse,
} from '@marginalia/api';

export const PAGE_SIZE = 20;

/**
 * Statuses of an annotations PATCH after which the whole list is sent instead: no such route
 * (404, 405: an older server, or no such document, which the PUT then reports) or changes that do
 * not fit the stored list (422). The PUT carries the same version, so it cannot overwrite newer work.
 */
const WHOLE_LIST_AFTER = [404, 405, 422];

export const documentsApi = {
  list: (page: number, search: string) => {
    const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
    if (search.trim()) params.set('search', search.trim());
    return api().request<DocumentListResponse>(`/api/documents?${params.toString()}`);
  },
  /** "Shared with me": the documents others invited the user to, most recently shared first. */
  sharedWithMe: (page: number) => {
    const params = new URLSearchParams({ scope: 'shared', page: String(page), limit: String(PAGE_SIZE) });
    return api().request<DocumentListResponse>(`/api/documents?${params.toString()}`);
  },
  get: async (id: string): Promise<DocumentSummary> => {
    const body = await api().request<{ document: DocumentSummary } | DocumentSummary>(`/api/documents/${id}`);
    return 'document' in body ? body.document : body;
  },
  download: (id: string) => api().requestBlob(`/api/documents/${id}/download`),
  /** The stored PDF with its saved annotations burned in, as the editor's Download PDF gives it. */
  exportAnnotated: (id: string) => api().requestBlob(`/api/documents/${id}/export`),
  remove: (id: string) => api().request<unknown>(`/api/documents/${id}`, { method: 'DELETE' }),
  upload: (file: File, onProgress?: (progress: UploadProgress) => void) => {
    const form = new FormData();
    form.append('file', file);
    return api().upload<UploadResponse>('/api/documents/upload', form, onProgress);
  },
  annotations: (id: string) => api().request<AnnotationsResponse>(`/api/documents/${id}/annotations`),
  saveAnnotations: (id: string, annotations: Annotation[], version: number, formValues?: FormValuesInput) =>
    api().request<AnnotationsResponse>(`/api/documents/${id}/annotations`, {
      method: 'PUT',
      body: { annotations, version, ...(formValues && { formValues }) },
      handledStatuses: [409],
    }),
  /**
   * Saves `annotations`, which differ from the list stored at `version` by `changes` (the editor's
   * diff): only what changed (PATCH) when the changes can say it, else the whole list (PUT); 409
   * when `version` is stale. `formValues`, the form's values when the document has a form, go with either.
   */
  saveAnnotationChanges: async (id: string, annotations: Annotation[], version: number, diff: AnnotationDiff, formValues?: FormValuesInput) => {
    const changes = version > 0 ? toAnnotationChanges(diff) : null;
    if (changes) {
      try {
        return await api().request<{ version: number }>(`/api/documents/${id}/annotations`, {
          method: 'PATCH',
          body: { ...changes, version, ...(formValues && { formValues }) },
          handledStatuses: [409, ...WHOLE_LIST_AFTER],
        });
      } catch (error) {
        if (!(error instanceof ApiError && WHOLE_LIST_AFTER.includes(error.status))) throw error;
      }
    }
    return documentsApi.saveAnnotations(id, annotations, version, formValues);
  },
  /** Stores a new PDF (after page edits) and its annotations together; 409 when `version` is stale. */
  saveContent: (id: string, pdf: Uint8Array, fileName: string, annotations: Annotation[], version: number) => {
    const form = new FormData();
    form.append('file', new File([pdf.slice().buffer], fileName, { type: 'application/pdf' }));
    form.append('annotations', JSON.stringify(annotations));
    form.append('version', String(version));
    return api().upload<ContentSaveResponse>(`/api/documents/${id}/content`, form, undefined, 'PUT', [409]);
  },
  revisions: (id: string) => api().request<RevisionListResponse>(`/api/documents/${id}/revisions`),
  revision: (id: string, revisionId: string) => api().request<RevisionResponse>(`/api/documents/${id}/revisions/${revisionId}`),
  revisionFile: (id: string, revisionId: string) => api().requestBlob(`/api/documents/${id}/revisions/${revisionId}/file`),
  saveVersion: (id: string, label?: string) =>
    api().request<{ revision: RevisionSummary }>(`/api/documents/${id}/revisions`, { method: 'POST', body: label ? { label } : {} }),
  restoreRevision: (id: string, revisionId: string, version: number) =>
    api().request<ContentSaveResponse>(`/api/documents/${id}/revisions/${revisionId}/restore`, {
      method: 'POST',
      body: { version },
      handledStatuses: [409],
    }),
  share: (id: string) => api().request<ShareResponse>(`/api/documents/${id}/shares`, { method: 'POST' }),
  collaborators: async (id: string) => (await api().request<CollaboratorListResponse>(`/api/documents/${id}/collaborators`)).collaborators,
  /** 403 (no Team plan) and 400 (the owner's address, a full document) are the dialog's to show. */
  inviteCollaborator: async (id: string, invitation: InviteCollaboratorRequest) =>
    (
      await api().request<CollaboratorResponse>(`/api/documents/${id}/collaborators`, {
        method: 'POST',
        body: invitation,
        handledStatuses: [400, 403],
      })
    ).collaborator,
  changeCollaboratorRole: async (id: string, collaboratorId: string, role: CollaboratorRole) =>
    (await api().request<CollaboratorResponse>(`/api/documents/${id}/collaborators/${collaboratorId}`, { method: 'PATCH', body: { role } })).collaborator,
  removeCollaborator: (id: string, collaboratorId: string) =>
    api().request<unknown>(`/api/documents/${id}/collaborators/${collaboratorId}`, { method: 'DELETE' }),
  shared: (token: string) => api().request<SharedDocumentResponse>(`/api/shares/${token}`),
  sharedFile: (fileUrl: string) => api().requestBlob(fileUrl),
  uploadThumbnail: (id: string, png: Blob) => {
    const form = new FormData();
    form.append('thumbnail', png, 'thumbnail.png');
    return api().upload<unknown>(`/api/documents/${id}/thumbnail`, form, undefined, 'PUT');
  },
};
