// A list of documents shown as a grid or as rows, with the delete question in the app's dialog.
import type { DocumentSummary } from '@marginalia/api';
import { Modal } from '../../components/Modal';
import { DocumentItem } from './DocumentItem';
import { DELETE_QUESTION, useDocumentActions } from './useDocumentActions';
import './documents.css';

export type CollectionView = 'grid' | 'list';

export function DocumentCollection({ documents, view }: { documents: DocumentSummary[]; view: CollectionView }) {
  const { download, downloadOriginal, askDelete, pendingDelete, cancelDelete, confirmDelete, deleting } = useDocumentActions();
  return (
    <>
      <ul className={`doc-collection is-${view}`}>
        {documents.map((doc) => (
          <DocumentItem
            key={doc.id}
            doc={doc}
            onDownload={download}
            onDownloadOriginal={downloadOriginal}
            onDelete={askDelete}
            deleting={deleting === doc.id}
          />
        ))}
      </ul>
      {pendingDelete && (
        <Modal title="Delete document" onClose={cancelDelete}>
          <div className="stack">
            <p>{DELETE_QUESTION}</p>
            <p className="muted">
              <strong>{pendingDelete.name}</strong> and its saved versions will be removed.
            </p>
            <div className="row">
              <button type="button" className="btn btn-danger" onClick={confirmDelete}>
                Delete
              </button>
              <button type="button" className="btn" onClick={cancelDelete}>
                Cancel
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}

export function ViewToggle({ view, onChange }: { view: CollectionView; onChange(view: CollectionView): void }) {
  return (
    <div className="billing-toggle view-toggle" role="group" aria-label="Layout">
      <button type="button" aria-pressed={view === 'grid'} onClick={() => onChange('grid')}>
        Grid
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        List
      </button>
    </div>
  );
}
