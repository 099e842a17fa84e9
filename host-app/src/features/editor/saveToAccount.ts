// Moves a guest's restored work into the signed-in user's account: uploads the PDF, then stores the
// annotations against the new document.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { documentsApi } from '../../api/documents';

export async function saveWorkToAccount(bytes: Uint8Array, fileName: string, annotations: Annotation[]): Promise<string> {
  const file = new File([bytes.buffer as ArrayBuffer], fileName, { type: 'application/pdf' });
  const { document } = await documentsApi.upload(file);
  await documentsApi.saveAnnotations(document.id, annotations, 0);
  return document.id;
}
