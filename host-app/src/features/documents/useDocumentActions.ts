// Download (annotated or original) and delete for a listed document, shared by the dashboard and the
// documents page. Deleting asks first in the app's own dialog (see DeleteDialog).
import { downloadFile } from '@marginalia/pdf-editor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { documentsApi } from '../../api/documents';
import type { DocumentSummary } from '@marginalia/api';
import { notifyFailure } from '../../lib/notify';
import { downloadName } from '../editor/naming';

export const DELETE_QUESTION = 'Are you sure you want to delete this document?';

export function useDocumentActions() {
  const queryClient = useQueryClient();
  const [pendingDelete, setPendingDelete] = useState<DocumentSummary | null>(null);

  const remove = useMutation({
    mutationFn: (doc: DocumentSummary) => documentsApi.remove(doc.id),
    onSuccess: async () => {
      toast.success('Document deleted successfully');
      await queryClient.invalidateQueries({ queryKey: ['documents'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
    onError: (error) => notifyFailure(error, 'Failed to delete document'),
  });

  /** The PDF with its saved annotations, named as the editor names its download. */
  const download = async (doc: DocumentSummary) => {
    try {
      downloadFile(await documentsApi.exportAnnotated(doc.id), downloadName(doc.name, false));
      toast.success('Download started');
    } catch (error) {
      notifyFailure(error, 'Failed to download document');
    }
  };

  /** The file as it was uploaded, without annotations. */
  const downloadOriginal = async (doc: DocumentSummary) => {
    try {
      downloadFile(await documentsApi.download(doc.id), doc.originalName || doc.name);
      toast.success('Download started');
    } catch (error) {
      notifyFailure(error, 'Failed to download document');
    }
  };

  return {
    download,
    downloadOriginal,
    askDelete: setPendingDelete,
    pendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete: () => {
      if (pendingDelete) remove.mutate(pendingDelete);
      setPendingDelete(null);
    },
    deleting: remove.isPending ? remove.variables?.id : undefined,
  };
}
