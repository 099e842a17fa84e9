import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '@marginalia/api';
import { DocumentResults } from './DocumentResults';

const invoice: DocumentSummary = {
  id: 'd1',
  name: 'Invoice.pdf',
  originalName: 'Invoice.pdf',
  size: 2048,
  mimeType: 'application/pdf',
  status: 'READY',
  failureReason: null,
  annotationsVersion: 0,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  access: 'owner',
  collaborators: 0,
};

function renderResults(props: { pending?: boolean; documents?: DocumentSummary[]; query?: string; firstStep?: ReactNode }) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <DocumentResults
          pending={props.pending ?? false}
          documents={props.documents ?? []}
          view="list"
          query={props.query ?? ''}
          headingLevel="h3"
          firstStep={props.firstStep ?? <a href="/documents">Upload your first document</a>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('document results', () => {
  it('must say the list is loading', () => {
    renderResults({ pending: true, documents: [invoice] });
    expect(screen.getByRole('status').textContent).toBe('Loading documents...');
    expect(screen.queryByTestId('document-item')).toBeNull();
  });

  it('must offer a first step when there are no documents at all', () => {
    renderResults({});
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('No documents yet');
    screen.getByRole('link', { name: 'Upload your first document' });
  });

  it('must tell a search without matches from an empty account', () => {
    renderResults({ query: 'tax' });
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('No documents match your search');
    expect(screen.queryByRole('link', { name: 'Upload your first document' })).toBeNull();
  });

  it('must list the documents with their actions', () => {
    renderResults({ documents: [invoice] });
    expect(screen.getAllByTestId('document-item')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Edit Invoice.pdf' }).getAttribute('href')).toBe('/editor/d1');
  });
});
