// Download and delete for a listed document, shared by the dashboard and the documents page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { documentsApi } from '../../api/documents';
import type { DocumentSummary } from '../../api/types';

export const DELETE_QUESTION = 'Are you sure you want to delete this document?';

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDocumentActions() {
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (doc: DocumentSummary) => documentsApi.remove(doc.id),
    onSuccess: async () => {
      toast.success('Document deleted successfully');
      await queryClient.invalidateQueries({ queryKey: ['documents'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
    onError: () => toast.error('Failed to delete document'),
  });

  const download = async (doc: DocumentSummary) => {
    try {
      const blob = await documentsApi.download(doc.id);
      saveBlob(blob, doc.originalName || doc.name);
      toast.success('Download started');
    } catch {
      toast.error('Failed to download document');
    }
  };

  const confirmAndDelete = (doc: DocumentSummary) => {
    if (window.confirm(DELETE_QUESTION)) remove.mutate(doc);
  };

  return { download, confirmAndDelete, deleting: remove.isPending ? remove.variables?.id : undefined };
}
