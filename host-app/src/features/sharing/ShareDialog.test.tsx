import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentCollaborator, DocumentSummary, User } from '@marginalia/api';
import { ApiError } from '../../api/errors';
import { useAuthStore } from '../../stores/authStore';
import { renderInApp } from '../../test-support/renderInApp';
import { ShareButton } from '../editor/ShareButton';

const api = vi.hoisted(() => ({
  me: vi.fn(),
  startTeamTrial: vi.fn(),
  get: vi.fn(),
  collaborators: vi.fn(),
  inviteCollaborator: vi.fn(),
  changeCollaboratorRole: vi.fn(),
  removeCollaborator: vi.fn(),
  share: vi.fn(),
  toastSuccess: vi.fn(),
}));
vi.mock('../../api/auth', () => ({ authApi: { me: api.me, startTeamTrial: api.startTeamTrial } }));
vi.mock('../../api/documents', () => ({
  documentsApi: {
    get: api.get,
    collaborators: api.collaborators,
    inviteCollaborator: api.inviteCollaborator,
    changeCollaboratorRole: api.changeCollaboratorRole,
    removeCollaborator: api.removeCollaborator,
    share: api.share,
  },
}));
vi.mock('react-hot-toast', () => ({ default: { success: api.toastSuccess, error: vi.fn() } }));

const owner: User = {
  id: 'u1',
  name: 'Olive Owner',
  email: 'olive@example.com',
  emailVerified: true,
  plan: 'team',
  trialEndsAt: null,
  trialActive: false,
  teamTrialEndsAt: null,
  teamTrialActive: false,
  dailyUsage: 0,
  dailyLimit: null,
  storageUsed: 0,
  storageLimit: 100 * 1024 ** 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const document: DocumentSummary = {
  id: 'd1',
  name: 'Plan.pdf',
  originalName: 'Plan.pdf',
  size: 2048,
  mimeType: 'application/pdf',
  status: 'READY',
  failureReason: null,
  annotationsVersion: 1,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  access: 'owner',
  collaborators: 2,
};

const eddie: DocumentCollaborator = { id: 'u2', userId: 'u2', name: 'Eddie', email: 'eddie@example.com', role: 'editor', status: 'active', createdAt: '2026-01-03T00:00:00.000Z' };
const pending: DocumentCollaborator = { id: 'i1', userId: null, name: null, email: 'new@example.com', role: 'viewer', status: 'invited', createdAt: '2026-01-04T00:00:00.000Z' };

function openShare(user: User, doc: DocumentSummary, people: DocumentCollaborator[] = []) {
  api.me.mockResolvedValue(user);
  api.get.mockResolvedValue(doc);
  api.collaborators.mockResolvedValue(people);
  useAuthStore.getState().setSession('token', user);
  renderInApp(<ShareButton documentId="d1" />, '/editor/d1');
  return userEvent.click(screen.getByRole('button', { name: 'Share' }));
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useAuthStore.getState().clear();
});

describe('Share dialog', () => {
  it('must list the people with access, their permission and whether they joined', async () => {
    await openShare(owner, document, [eddie, pending]);
    const rows = await screen.findAllByTestId('collaborator');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Eddie'),
      expect.stringContaining('new@example.com'),
    ]);
    expect(within(rows[0] as HTMLElement).queryByText('Invited')).toBeNull();
    within(rows[1] as HTMLElement).getByText('Invited');
    expect((screen.getByRole('combobox', { name: 'Permission for eddie@example.com' }) as HTMLSelectElement).value).toBe('editor');
    expect((screen.getByRole('combobox', { name: 'Permission for new@example.com' }) as HTMLSelectElement).value).toBe('viewer');
    // The read-only link stays.
    screen.getByRole('button', { name: 'Create read-only link' });
  });

  it('must invite by e-mail with the chosen permission, and show the new person', async () => {
    api.inviteCollaborator.mockResolvedValue(pending);
    await openShare(owner, document);
    await screen.findByText('Nobody else has access yet.');
    api.collaborators.mockResolvedValue([pending]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'New@Example.com');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Permission' }), 'can view');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await vi.waitFor(() => expect(api.inviteCollaborator).toHaveBeenCalledWith('d1', { email: 'new@example.com', role: 'viewer' }));
    expect(api.toastSuccess).toHaveBeenCalledWith('Invitation sent to new@example.com');
    await screen.findByRole('combobox', { name: 'Permission for new@example.com' });
  });

  it('must show the server’s refusal under the address', async () => {
    api.inviteCollaborator.mockRejectedValue(new ApiError(400, 'A document can have at most 4 people besides its owner.', null));
    await openShare(owner, document);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'fifth@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A document can have at most 4 people besides its owner.');
  });

  it('must change a permission and revoke an invitation', async () => {
    api.changeCollaboratorRole.mockResolvedValue({ ...eddie, role: 'viewer' });
    api.removeCollaborator.mockResolvedValue({});
    await openShare(owner, document, [eddie, pending]);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Permission for eddie@example.com' }), 'can view');
    await vi.waitFor(() => expect(api.changeCollaboratorRole).toHaveBeenCalledWith('d1', 'u2', 'viewer'));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of new@example.com' }));
    await vi.waitFor(() => expect(api.removeCollaborator).toHaveBeenCalledWith('d1', 'i1'));
  });

  it('must offer the 14-day Team trial instead of the invite form without the Team plan', async () => {
    const free = { ...owner, plan: 'free' as const };
    api.startTeamTrial.mockResolvedValue({ ...owner, teamTrialActive: true, teamTrialEndsAt: '2031-03-24T12:00:00.000Z' });
    await openShare(free, document);
    expect((await screen.findByTestId('team-gate')).textContent).toContain('Inviting people is a Team feature (up to 5 members per document).');
    expect(screen.queryByRole('textbox', { name: 'Email address' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start 14-day Team trial' }));
    await screen.findByRole('textbox', { name: 'Email address' });
    expect(api.toastSuccess).toHaveBeenCalledWith('Your 14-day Team trial has started. It ends on March 24, 2031.', expect.anything());
  });

  it('must not offer the Team trial twice', async () => {
    await openShare({ ...owner, plan: 'free', teamTrialEndsAt: '2026-01-15T00:00:00.000Z' }, document);
    await screen.findByText('Your Team trial has been used. The Team plan cannot be bought online yet.');
    expect(screen.queryByRole('button', { name: 'Start 14-day Team trial' })).toBeNull();
  });

  it('must hide the controls from someone the document was shared with', async () => {
    await openShare({ ...owner, id: 'u2', plan: 'free' }, { ...document, access: 'viewer', collaborators: 0, owner: { name: 'Olive Owner', email: 'olive@example.com' } });
    expect((await screen.findByTestId('shared-by')).textContent).toContain('Olive Owner shared this document with you. Can view.');
    expect(screen.queryByRole('textbox', { name: 'Email address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create read-only link' })).toBeNull();
    expect(screen.queryByTestId('team-gate')).toBeNull();
    expect(api.collaborators).not.toHaveBeenCalled();
  });
});
