// The account's address, whether it is verified, and the form that moves the account to another
// address (applied by the server only once the link mailed there is followed).
import { useState } from 'react';
import { authApi } from '../../api/auth';
import type { User } from '@marginalia/api';
import { PasswordField, TextField } from '../auth/fields';
import { changeEmailSchema, type ChangeEmailValues } from '../auth/schemas';
import { useAuthForm } from '../auth/useAuthForm';
import { ResendVerificationButton } from './ResendVerificationButton';
import { reportToForm } from './serverFieldError';

export function EmailSection({ user }: { user: User }) {
  const [pendingChange, setPendingChange] = useState<string | null>(null);
  const { field, isSubmitting, setError, reset, onSubmit } = useAuthForm<ChangeEmailValues>(
    changeEmailSchema,
    { email: '', currentPassword: '' },
    async ({ email, currentPassword }) => {
      try {
        const { message } = await authApi.updateProfile({ email, currentPassword });
        setPendingChange(message ?? null);
        reset();
      } catch (error) {
        reportToForm(error, { email: 'email', currentPassword: 'currentPassword' }, setError);
      }
    },
  );

  return (
    <section className="card stack" aria-labelledby="email-title">
      <h2 id="email-title">Email</h2>
      <p className="row">
        <span data-testid="account-email">{user.email}</span>
        {user.emailVerified ? (
          <span className="badge status-READY">Verified</span>
        ) : (
          <span className="badge badge-warning" data-testid="email-unverified">
            Unverified
          </span>
        )}
      </p>
      {!user.emailVerified && (
        <div className="stack">
          <p className="muted">
            Open the link we emailed to {user.email} to verify it. Google sign-in can only be linked to a
            verified address.
          </p>
          <div>
            <ResendVerificationButton />
          </div>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="stack">
        <h3>Change email</h3>
        <TextField label="New email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Change Email'}
          </button>
        </div>
        {pendingChange && <p role="status">{pendingChange}</p>}
      </form>
    </section>
  );
}
