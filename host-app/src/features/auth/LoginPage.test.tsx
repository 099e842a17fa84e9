import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage';

const { login, toastError } = vi.hoisted(() => ({ login: vi.fn(), toastError: vi.fn() }));
vi.mock('../../api/auth', () => ({ authApi: { login, googleUrl: () => '/api/auth/google' } }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: toastError, loading: vi.fn() } }));

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
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

  it('must offer social sign-in and the way to sign up', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back');
    expect(screen.getByRole('link', { name: 'Google' }).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  });
});
