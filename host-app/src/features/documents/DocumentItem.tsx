// One document in a grid or list: preview, name, size, age, status and actions.
import { Link } from 'react-router-dom';
import type { DocumentSummary } from '@marginalia/api';
import { formatRelativeTime, formatSize } from '../../lib/format';
import { DocumentThumbnail } from './DocumentThumbnail';

interface DocumentItemProps {
  doc: DocumentSummary;
  /** The annotated PDF. */
  onDownload(doc: DocumentSummary): void;
  onDownloadOriginal(doc: DocumentSummary): void;
  onDelete(doc: DocumentSummary): void;
  deleting: boolean;
}

export function DocumentItem({ doc, onDownload, onDownloadOriginal, onDelete, deleting }: DocumentItemProps) {
  const ready = doc.status === 'READY';
  return (
    <li className="doc-item card" data-testid="document-item">
      <DocumentThumbnail doc={doc} />
      <div className="doc-meta">
        <h3 className="doc-name" title={doc.name}>
          {doc.name}
        </h3>
        <p className="muted doc-details">
          {formatSize(doc.size)} · {formatRelativeTime(doc.createdAt)}
        </p>
        <span className={`badge status-${doc.status}`}>{doc.status}</span>
      </div>
      <div className="doc-actions">
        {ready ? (
          <Link className="btn btn-sm btn-primary" to={`/editor/${doc.id}`} aria-label={`Edit ${doc.name}`}>
            Edit
          </Link>
        ) : (
          <button type="button" className="btn btn-sm" disabled aria-label={`Edit ${doc.name}`}>
            {doc.status === 'PROCESSING' ? 'Processing...' : 'Edit'}
          </button>
        )}
        <button type="button" className="btn btn-sm" disabled={!ready} onClick={() => onDownload(doc)} aria-label={`Download ${doc.name}`}>
          Download
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={!ready}
          onClick={() => onDownloadOriginal(doc)}
          aria-label={`Download original ${doc.name}`}
        >
          Download original
        </button>
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={deleting}
          onClick={() => onDelete(doc)}
          aria-label={`Delete ${doc.name}`}
        >
          {deleting ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </li>
  );
}
