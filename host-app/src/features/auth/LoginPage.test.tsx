import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage';
import { forgetSignInProviders } from './signInProviders';

const { login, providers, toastError } = vi.hoisted(() => ({ login: vi.fn(), providers: vi.fn(), toastError: vi.fn() }));
vi.mock('../../api/auth', () => ({
  authApi: { login, providers, signInUrl: (provider: string) => `/api/auth/${provider}` },
}));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: toastError, loading: vi.fn() } }));

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
}

beforeEach(() => providers.mockResolvedValue([]));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  forgetSignInProviders();
});

describe('login page', () => {
  it('must not call the server until the form is valid', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Email is required', 'Password is required']);
    expect(login).not.toHaveBeenCalled();
  });

  it('must send only the credentials and say when they are wrong', async () => {
    login.mockRejectedValueOnce(new Error('401'));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Analytical1');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Invalid email or password'));
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'Analytical1' });
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(false);
  });

  it('must offer the social sign-in the server is configured for, and the way to sign up', async () => {
    providers.mockResolvedValueOnce(['google', 'microsoft']);
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back');
    expect((await screen.findByRole('link', { name: 'Google' })).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Microsoft' }).getAttribute('href')).toBe('/api/auth/microsoft');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  });

  it('must show no social button when no provider is configured, or the server cannot say', async () => {
    for (const answer of [() => Promise.resolve([]), () => Promise.reject(new Error('offline'))]) {
      providers.mockImplementationOnce(answer);
      renderLogin();
      await vi.waitFor(() => expect(providers).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.queryByRole('link', { name: 'Google' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Microsoft' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Microsoft' })).toBeNull();
      expect(screen.queryByText('or continue with')).toBeNull();
      cleanup();
      forgetSignInProviders();
      providers.mockClear();
    }
  });
});
