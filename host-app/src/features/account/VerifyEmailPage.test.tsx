import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { useAuthStore } from '../../stores/authStore';
import { VerifyEmailPage } from './VerifyEmailPage';

const { verifyEmail, me, resendVerification } = vi.hoisted(() => ({
  verifyEmail: vi.fn(),
  me: vi.fn(),
  resendVerification: vi.fn(),
}));
vi.mock('../../api/auth', () => ({ authApi: { verifyEmail, me, resendVerification } }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verify-email" element={<VerifyEmailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useAuthStore.getState().clear();
});

describe('verify email page', () => {
  it('must spend the token once and say the address is verified', async () => {
    verifyEmail.mockResolvedValueOnce({
      message: 'Your email address is verified.',
      email: 'ada@example.com',
    });
    renderAt('/verify-email?token=abc');
    expect(screen.getByRole('status').textContent).toContain('Verifying your email address...');
    const status = await screen.findByText(/Your email address is verified\./);
    expect(status.textContent).toContain('ada@example.com');
    expect(verifyEmail).toHaveBeenCalledTimes(1);
    expect(verifyEmail).toHaveBeenCalledWith('abc');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('must keep a signed-in user signed in under the new token a change of address gives', async () => {
    useAuthStore.setState({ isAuthenticated: true, token: 'before-the-change' });
    const user = { id: 'u1', name: 'Ada', email: 'ada@new.example.com', emailVerified: true };
    verifyEmail.mockResolvedValueOnce({
      message: 'Your email address is verified.',
      email: 'ada@new.example.com',
      token: 'after-the-change',
      user,
    });
    renderAt('/verify-email?token=change');
    await screen.findByText(/Your email address is verified\./);
    expect(useAuthStore.getState().token).toBe('after-the-change');
    expect(useAuthStore.getState().user).toEqual(user);
    // The old token no longer works: the page must not ask the server with it.
    expect(me).not.toHaveBeenCalled();
  });

  it("must show the server's reason and offer a new link to a signed-in user", async () => {
    useAuthStore.setState({ isAuthenticated: true, token: 't' });
    verifyEmail.mockRejectedValueOnce(
      new ApiError(400, 'This verification link is invalid or has expired.', null),
    );
    renderAt('/verify-email?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This verification link is invalid or has expired.',
    );
    expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/account');
  });

  it('must explain a link without a token without calling the server', () => {
    renderAt('/verify-email');
    expect(screen.getByRole('alert').textContent).toBe(
      'This verification link is incomplete. Open the link from the email again.',
    );
    expect(verifyEmail).not.toHaveBeenCalled();
  });
});
