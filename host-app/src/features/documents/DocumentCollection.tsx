// A list of documents shown as a grid or as rows.
import type { DocumentSummary } from '../../api/types';
import { DocumentItem } from './DocumentItem';
import { useDocumentActions } from './useDocumentActions';
import './documents.css';

export type CollectionView = 'grid' | 'list';

export function DocumentCollection({ documents, view }: { documents: DocumentSummary[]; view: CollectionView }) {
  const { download, confirmAndDelete, deleting } = useDocumentActions();
  return (
    <ul className={`doc-collection is-${view}`}>
      {documents.map((doc) => (
        <DocumentItem key={doc.id} doc={doc} onDownload={download} onDelete={confirmAndDelete} deleting={deleting === doc.id} />
      ))}
    </ul>
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
