import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@marginalia/api';
import { useAuthStore } from '../../stores/authStore';
import { RegisterPage } from './RegisterPage';
import { forgetSignInProviders } from './signInProviders';

const { register, providers } = vi.hoisted(() => ({ register: vi.fn(), providers: vi.fn() }));
vi.mock('../../api/auth', () => ({
  authApi: { register, providers, signInUrl: (provider: string) => `/api/auth/${provider}` },
}));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn(), loading: vi.fn() } }));

const ivy = { id: 'u9', name: 'Invited Ivy', email: 'ivy@example.com', emailVerified: true } as User;

function Where() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

function renderRegister(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => providers.mockResolvedValue([]));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  forgetSignInProviders();
  useAuthStore.getState().clear();
});

describe('sign-up from an invitation', () => {
  it('must fill in the invited address, send the invitation along and land on the document', async () => {
    register.mockResolvedValue({ token: 'token', user: ivy });
    renderRegister('/register?invite=tok-123&email=ivy%40example.com&next=%2Feditor%2Fd1');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ivy@example.com');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?next=%2Feditor%2Fd1');
    await userEvent.type(screen.getByLabelText('Name'), 'Invited Ivy');
    await userEvent.type(screen.getByLabelText('Password'), 'Journey123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Journey123');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() =>
      expect(register).toHaveBeenCalledWith({ name: 'Invited Ivy', email: 'ivy@example.com', password: 'Journey123', invite: 'tok-123' }),
    );
    expect((await screen.findByTestId('landed', {}, { timeout: 3000 })).textContent).toBe('/editor/d1');
  });

  it('must not go anywhere but a page of this site', async () => {
    register.mockResolvedValue({ token: 'token', user: ivy });
    renderRegister('/register?next=https%3A%2F%2Fevil.example%2F');
    await userEvent.type(screen.getByLabelText('Name'), 'Invited Ivy');
    await userEvent.type(screen.getByLabelText('Email'), 'ivy@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Journey123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Journey123');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith({ name: 'Invited Ivy', email: 'ivy@example.com', password: 'Journey123' }));
    expect((await screen.findByTestId('landed', {}, { timeout: 3000 })).textContent).toBe('/dashboard');
  });
});
