import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ResetPasswordPage } from './ResetPasswordPage';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('reset password page', () => {
  it('must show each empty field its message and tie the message to the field', async () => {
    renderAt('/reset-password/abc');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Password is required', 'Please confirm your password']);
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Password is required');
  });

  it('must report passwords that do not match under the confirmation', async () => {
    renderAt('/reset-password?token=abc');
    await userEvent.type(screen.getByLabelText('New password'), 'Analytical1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Analytical2');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match');
    expect(screen.getByLabelText('New password').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
  });

  it('must let the user show the password they type', async () => {
    renderAt('/reset-password/abc');
    expect(screen.getByLabelText('New password').getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText('New password').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide new password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('must explain a link without a token and offer a new one', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe('This reset link is incomplete. Request a new one.');
    expect(screen.queryByRole('button', { name: 'Set New Password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
