import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import type { User } from '@marginalia/api';
import { useAuthStore } from '../../stores/authStore';
import { renderInApp } from '../../test-support/renderInApp';
import { AccountPage } from './AccountPage';

const { me, updateProfile, changePassword, resendVerification, toastSuccess } = vi.hoisted(() => ({
  me: vi.fn(),
  updateProfile: vi.fn(),
  changePassword: vi.fn(),
  resendVerification: vi.fn(),
  toastSuccess: vi.fn(),
}));
vi.mock('../../api/auth', () => ({ authApi: { me, updateProfile, changePassword, resendVerification } }));
vi.mock('react-hot-toast', () => ({ default: { success: toastSuccess, error: vi.fn() } }));

const ada: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: false,
  plan: 'free',
  trialEndsAt: null,
  trialActive: false,
  teamTrialEndsAt: null,
  teamTrialActive: false,
  dailyUsage: 0,
  dailyLimit: 3,
  storageUsed: 0,
  storageLimit: 1024 ** 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderAccount(user: User) {
  me.mockResolvedValue(user);
  renderInApp(<AccountPage />, '/account');
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useAuthStore.getState().clear();
});

describe('account page', () => {
  it('must mark an unverified address and resend its link', async () => {
    resendVerification.mockResolvedValueOnce({
      message: 'A verification link has been sent to ada@example.com.',
    });
    renderAccount(ada);
    expect((await screen.findByTestId('email-unverified')).textContent).toBe('Unverified');
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    await vi.waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('A verification link has been sent to ada@example.com.'),
    );
  });

  it('must show a verified address as verified, with no resend', async () => {
    renderAccount({ ...ada, emailVerified: true });
    await screen.findByText('Verified');
    expect(screen.queryByTestId('email-unverified')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();
  });

  it("must ask for the current password to change the email, and show the server's refusal under it", async () => {
    renderAccount({ ...ada, emailVerified: true });
    const form = (await screen.findByRole('heading', { name: 'Change email' })).closest(
      'form',
    ) as HTMLFormElement;
    await userEvent.type(form.querySelector('input[type="email"]') as HTMLInputElement, 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    expect((await screen.findByText('Current password is required')).getAttribute('role')).toBe('alert');
    expect(updateProfile).not.toHaveBeenCalled();

    updateProfile.mockRejectedValueOnce(
      new ApiError(400, 'currentPassword: Current password is incorrect', null),
    );
    const [emailPassword] = screen.getAllByLabelText('Current password');
    await userEvent.type(emailPassword as HTMLElement, 'Wrong-passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    await screen.findByText('Current password is incorrect');
    expect(updateProfile).toHaveBeenCalledWith({
      email: 'new@example.com',
      currentPassword: 'Wrong-passw0rd',
    });

    updateProfile.mockResolvedValueOnce({
      user: ada,
      message:
        'A verification link has been sent to new@example.com. Your email address changes when you open it.',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(
      (await screen.findByText(/Your email address changes when you open it/)).getAttribute('role'),
    ).toBe('status');
  });

  it('must change the password with the current one and keep the session with the new token', async () => {
    changePassword.mockResolvedValueOnce({ message: 'Password changed', token: 'new-token', user: ada });
    renderAccount(ada);
    const section = (await screen.findByRole('heading', { name: 'Password' })).closest(
      'section',
    ) as HTMLElement;
    const [current, next, confirm] = Array.from(section.querySelectorAll('input'));
    await userEvent.type(current as HTMLInputElement, 'Old-passw0rd');
    await userEvent.type(next as HTMLInputElement, 'N3w-password');
    await userEvent.type(confirm as HTMLInputElement, 'N3w-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await vi.waitFor(() => expect(changePassword).toHaveBeenCalledWith('Old-passw0rd', 'N3w-password'));
    await vi.waitFor(() => expect(useAuthStore.getState().token).toBe('new-token'));
    expect(localStorage.getItem('token')).toBe('new-token');
  });
});
