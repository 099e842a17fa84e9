// Signed-in users can bring a PDF from My Documents into a tool, with its annotations, which then
// follow their pages through the tool.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { documentsApi } from '../../api/documents';
import { useAuthStore } from '../../stores/authStore';
import type { ChosenFile } from './useToolFiles';

interface MyDocumentsPickerProps {
  onChosen(file: ChosenFile): void;
}

export function MyDocumentsPicker({ onChosen }: MyDocumentsPickerProps) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['documents', 1, ''],
    queryFn: () => documentsApi.list(1, ''),
    enabled: isAuthenticated && open,
  });
  if (!isAuthenticated) return null;
  const documents = (list.data?.documents ?? []).filter((document) => document.status === 'READY');

  const choose = async (id: string, name: string) => {
    setLoading(id);
    try {
      const [blob, stored] = await Promise.all([documentsApi.download(id), documentsApi.annotations(id)]);
      const fileName = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
      onChosen({
        file: new File([blob], fileName, { type: 'application/pdf' }),
        annotations: stored.annotations,
      });
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to load PDF file');
    } finally {
      setLoading(null);
    }
  };

  return (
    <div className="stack">
      <button
        type="button"
        className="btn btn-sm"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide My Documents' : 'Add from My Documents'}
      </button>
      {open && (
        <ul className="card my-documents" aria-label="My Documents">
          {list.isLoading && <li className="muted">Loading documents...</li>}
          {list.isSuccess && documents.length === 0 && (
            <li className="muted">No PDFs in My Documents yet.</li>
          )}
          {documents.map((document) => (
            <li key={document.id} className="row">
              <span>{document.name}</span>
              <button
                type="button"
                className="btn btn-sm"
                aria-label={`Add ${document.name}`}
                disabled={loading !== null}
                onClick={() => void choose(document.id, document.name)}
              >
                {loading === document.id ? 'Adding...' : 'Add'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
