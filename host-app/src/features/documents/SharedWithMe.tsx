// "Shared with me": the documents other people invited the user to, with whose they are and what the
// user may do with them; opening one goes to the editor, which opens it as that permission allows.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DocumentSummary } from '@marginalia/api';
import { documentsApi } from '../../api/documents';
import { Spinner } from '../../components/Spinner';
import { formatRelativeTime, formatSize } from '../../lib/format';
import { ROLE_LABELS } from '../sharing/roles';
import { DocumentThumbnail } from './DocumentThumbnail';
import { Pager } from '../../components/Pager';

const SHARED_WITH_ME_KEY = ['documents', 'shared'] as const;

function SharedItem({ doc }: { doc: DocumentSummary }) {
  return (
    <li className="doc-item card" data-testid="shared-document">
      <DocumentThumbnail doc={doc} />
      <div className="doc-meta">
        <h3 className="doc-name" title={doc.name}>
          {doc.name}
        </h3>
        <p className="muted doc-details">
          Shared by {doc.owner?.name ?? 'its owner'} · {formatSize(doc.size)} · {formatRelativeTime(doc.createdAt)}
        </p>
        {doc.access !== 'owner' && <span className="badge">{ROLE_LABELS[doc.access]}</span>}
      </div>
      <div className="doc-actions">
        <Link className="btn btn-sm btn-primary" to={`/editor/${doc.id}`} aria-label={`Open ${doc.name}`}>
          Open
        </Link>
      </div>
    </li>
  );
}

export function SharedWithMe() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...SHARED_WITH_ME_KEY, page],
    queryFn: () => documentsApi.sharedWithMe(page),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, list.data?.pagination.pages ?? 1);
  return (
    <section aria-labelledby="shared-with-me" className="stack">
      <h2 id="shared-with-me">Shared with me</h2>
      {list.isPending && <Spinner label="Loading shared documents..." />}
      {list.isError && <p className="field-error">The documents shared with you could not be loaded.</p>}
      {list.data &&
        (list.data.documents.length === 0 ? (
          <p className="muted">Nobody has shared a document with you yet.</p>
        ) : (
          <ul className="doc-collection is-list">
            {list.data.documents.map((doc) => (
              <SharedItem key={doc.id} doc={doc} />
            ))}
          </ul>
        ))}
      <Pager page={page} pages={pages} label="Pages of shared documents" onPage={setPage} />
    </section>
  );
}
