// The search box and the loading, empty and filled states of a document list, as the dashboard and
// My Documents both show them.
import type { ReactNode } from 'react';
import type { DocumentSummary } from '@marginalia/api';
import { Spinner } from '../../components/Spinner';
import { DocumentCollection, type CollectionView } from './DocumentCollection';

export function DocumentSearch({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        Search documents
      </label>
      <input
        id={id}
        className="input search-input"
        type="search"
        placeholder="Search documents..."
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

interface DocumentResultsProps {
  pending: boolean;
  documents: DocumentSummary[];
  view: CollectionView;
  /** The search in effect; an empty list then means no match rather than no documents. */
  query: string;
  /** Level of the empty state's heading, to fit the page's outline. */
  headingLevel: 'h2' | 'h3';
  /** What to offer when the account has no documents at all. */
  firstStep: ReactNode;
}

export function DocumentResults({ pending, documents, view, query, headingLevel: Heading, firstStep }: DocumentResultsProps) {
  if (pending) return <Spinner label="Loading documents..." />;
  if (documents.length === 0) {
    return (
      <div className="card center-state">
        <Heading>{query ? 'No documents match your search' : 'No documents yet'}</Heading>
        {!query && firstStep}
      </div>
    );
  }
  return <DocumentCollection documents={documents} view={view} />;
}
