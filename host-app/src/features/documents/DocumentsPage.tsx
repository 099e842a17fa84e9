// My Documents (spec section 2): upload toggle and zone, paged searchable list of 20, and the
// documents others shared with the user.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ViewToggle, type CollectionView } from './DocumentCollection';
import { DocumentResults, DocumentSearch } from './DocumentResults';
import { takePendingUpload } from './pendingUpload';
import { UploadZone } from './UploadZone';
import { UPLOAD_MESSAGES } from './uploadRules';
import { SharedWithMe } from './SharedWithMe';
import { useDebounced, useDocumentList } from './useDocumentList';
import './documents.css';
import { Pager } from '../../components/Pager';

function usePendingFile(): File | null {
  const [file] = useState<File | null>(() => {
    try {
      return takePendingUpload(sessionStorage);
    } catch (error) {
      console.warn('Pending file could not be rebuilt', error);
      toast.error(UPLOAD_MESSAGES.pendingFailed);
      return null;
    }
  });
  useEffect(() => {
    if (file) toast(`Ready to upload: ${file.name}`);
  }, [file]);
  return file;
}

export function DocumentsPage() {
  useDocumentTitle('My Documents');
  const queryClient = useQueryClient();
  const pendingFile = usePendingFile();
  const [showUpload, setShowUpload] = useState(pendingFile !== null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<CollectionView>('list');
  const query = useDebounced(search);
  const list = useDocumentList(page, query);

  useEffect(() => setPage(1), [query]);
  useEffect(() => {
    if (list.isError) console.warn('Document list failed to load', list.error);
  }, [list.isError, list.error]);

  const onUploaded = () => {
    void queryClient.invalidateQueries({ queryKey: ['documents'] });
    void queryClient.invalidateQueries({ queryKey: ['me'] });
  };

  const documents = list.data?.documents ?? [];
  const pages = Math.max(1, list.data?.pagination.pages ?? 1);

  return (
    <div className="page container">
      <header className="toolbar-row">
        <h1>My Documents</h1>
        <button type="button" className="btn btn-primary" aria-expanded={showUpload} onClick={() => setShowUpload((shown) => !shown)}>
          {showUpload ? 'Hide Upload' : 'Upload PDF'}
        </button>
      </header>
      {showUpload && <UploadZone pendingFile={pendingFile} onUploaded={onUploaded} />}
      <div className="toolbar-row">
        <div>
          <DocumentSearch id="documents-search" value={search} onChange={setSearch} />
        </div>
        <div className="row">
          {list.data && (
            <span className="muted" data-testid="documents-total">
              {list.data.pagination.total} {list.data.pagination.total === 1 ? 'document' : 'documents'}
            </span>
          )}
          <ViewToggle view={view} onChange={setView} />
        </div>
      </div>
      <DocumentResults
        pending={list.isPending}
        documents={documents}
        view={view}
        query={query}
        headingLevel="h2"
        firstStep={<p className="muted">Upload a PDF to keep it in your account.</p>}
      />
      <Pager page={page} pages={pages} label="Pages" onPage={setPage} />
      <SharedWithMe />
    </div>
  );
}
