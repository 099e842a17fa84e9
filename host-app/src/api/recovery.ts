// Recovery links: a guest's file, annotations and edit count kept on the server for 24 hours under an
// unguessable id, mailed to the guest as /recover/{id}.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { api } from './instance';
import type { RecoveryCreated, RecoveryRecord } from '@marginalia/api';

export interface RecoveryUpload {
  pdf: Uint8Array;
  fileName: string;
  annotations: Annotation[];
  editCount: number;
  timeSpent: number;
  email: string;
}

export const recoveryApi = {
  create: (work: RecoveryUpload) => {
    const form = new FormData();
    form.append('file', new File([work.pdf.slice().buffer], work.fileName, { type: 'application/pdf' }));
    form.append('annotations', JSON.stringify(work.annotations));
    form.append('editCount', String(work.editCount));
    form.append('timeSpent', String(work.timeSpent));
    form.append('fileName', work.fileName);
    form.append('email', work.email);
    return api().upload<RecoveryCreated>('/api/recovery', form);
  },
  /** 404 and 410 are the page's to explain (its own messages), so they are not toasted. */
  get: (id: string) => api().request<RecoveryRecord>(`/api/recovery/${encodeURIComponent(id)}`, { handledStatuses: [404, 410] }),
  file: (fileUrl: string) => api().requestBlob(fileUrl),
};
