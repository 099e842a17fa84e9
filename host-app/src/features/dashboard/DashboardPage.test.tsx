import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@marginalia/api';
import { useAuthStore } from '../../stores/authStore';
import { renderInApp } from '../../test-support/renderInApp';
import { DashboardPage } from './DashboardPage';
import { STORAGE_FULL_NOTE } from './storage';

const { me, list } = vi.hoisted(() => ({ me: vi.fn(), list: vi.fn() }));
vi.mock('../../api/auth', () => ({ authApi: { me } }));
vi.mock('../../api/documents', () => ({ documentsApi: { list } }));

const MB = 1024 * 1024;
const GB = 1024 * MB;

const ada: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  plan: 'free',
  trialEndsAt: null,
  trialActive: false,
  teamTrialEndsAt: null,
  teamTrialActive: false,
  dailyUsage: 1,
  dailyLimit: 3,
  storageUsed: 0,
  storageLimit: GB,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderDashboard(user: User) {
  me.mockResolvedValue(user);
  list.mockResolvedValue({ documents: [], pagination: { total: 0, pages: 0 } });
  useAuthStore.getState().setSession('token', user);
  renderInApp(<DashboardPage />, '/dashboard');
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useAuthStore.getState().clear();
});

describe('dashboard storage card', () => {
  it("must show the storage used against the plan's limit, as the server reports them", async () => {
    renderDashboard({ ...ada, storageUsed: 200 * MB });
    expect((await screen.findByTestId('stat-storage')).textContent).toBe('200.0 MB of 1 GB used');
    const meter = screen.getByRole('progressbar', { name: 'Storage used' }) as HTMLProgressElement;
    expect([meter.value, meter.max]).toEqual([200 * MB, GB]);
    expect(screen.queryByTestId('stat-storage-full')).toBeNull();
  });

  it('must show a Personal account its 10 GB', async () => {
    renderDashboard({ ...ada, plan: 'personal', storageUsed: 1536 * 1024, storageLimit: 10 * GB });
    expect((await screen.findByTestId('stat-storage')).textContent).toBe('1.5 MB of 10 GB used');
  });

  it('must say when the storage is full and what to do', async () => {
    renderDashboard({ ...ada, storageUsed: GB });
    expect((await screen.findByTestId('stat-storage')).textContent).toBe('1 GB of 1 GB used');
    expect(screen.getByTestId('stat-storage-full').textContent).toBe(STORAGE_FULL_NOTE);
  });
});
