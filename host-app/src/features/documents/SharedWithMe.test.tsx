import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentSummary } from '@marginalia/api';
import { renderInApp } from '../../test-support/renderInApp';
import { SharedWithMe } from './SharedWithMe';

const { sharedWithMe } = vi.hoisted(() => ({ sharedWithMe: vi.fn() }));
vi.mock('../../api/documents', () => ({ documentsApi: { sharedWithMe } }));

const shared = (id: string, name: string, access: 'editor' | 'viewer', owner: string): DocumentSummary => ({
  id,
  name,
  originalName: name,
  size: 2048,
  mimeType: 'application/pdf',
  status: 'READY',
  failureReason: null,
  annotationsVersion: 0,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  access,
  collaborators: 0,
  owner: { name: owner, email: `${owner.toLowerCase()}@example.com` },
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Shared with me', () => {
  it('must list the documents shared with the user, with their owner and permission, each opening in the editor', async () => {
    sharedWithMe.mockResolvedValue({ documents: [shared('d1', 'Budget.pdf', 'editor', 'Bea'), shared('d2', 'Notes.pdf', 'viewer', 'Carl')], pagination: { total: 2, pages: 1 } });
    renderInApp(<SharedWithMe />, '/documents');
    const items = await screen.findAllByTestId('shared-document');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Budget\.pdf.*Shared by Bea.*Can edit/),
      expect.stringMatching(/Notes\.pdf.*Shared by Carl.*Can view/),
    ]);
    expect(screen.getByRole('link', { name: 'Open Budget.pdf' }).getAttribute('href')).toBe('/editor/d1');
    expect(sharedWithMe).toHaveBeenCalledWith(1);
  });

  it('must say when nothing was shared', async () => {
    sharedWithMe.mockResolvedValue({ documents: [], pagination: { total: 0, pages: 0 } });
    renderInApp(<SharedWithMe />, '/documents');
    await screen.findByText('Nobody has shared a document with you yet.');
  });
});
