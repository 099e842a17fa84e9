// Moves a guest's restored work into the signed-in user's account: uploads the PDF, then stores the
// annotations against the new document. A retry after a failure does not upload the file twice.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { documentsApi } from '../../api/documents';

/** What a previous attempt got done: the uploaded document's id, once the upload succeeded. */
export interface AccountSave {
  documentId?: string;
}

export async function saveWorkToAccount(
  bytes: Uint8Array,
  fileName: string,
  annotations: Annotation[],
  progress: AccountSave = {},
): Promise<string> {
  if (!progress.documentId) {
    const file = new File([bytes.slice().buffer], fileName, { type: 'application/pdf' });
    const { document } = await documentsApi.upload(file);
    progress.documentId = document.id;
  }
  await documentsApi.saveAnnotations(progress.documentId, annotations, 0);
  return progress.documentId;
}
