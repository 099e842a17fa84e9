// Asks the server to email a password reset link.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthCard, SubmitButton } from './AuthCard';
import { TextField } from './fields';
import { forgotPasswordSchema, type ForgotPasswordValues } from './schemas';
import { useAuthForm } from './useAuthForm';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, isSubmitting, onSubmit } = useAuthForm<ForgotPasswordValues>(
    forgotPasswordSchema,
    { email: '' },
    async ({ email }) => {
      try {
        await authApi.forgotPassword(email);
        setSentTo(email);
      } catch {
        // The API client has already told the user what went wrong.
      }
    },
  );

  return (
    <AuthCard title="Reset your password" footer={<Link to="/login">Back to sign in</Link>}>
      {sentTo ? (
        <p role="status">
          If an account exists for <strong>{sentTo}</strong>, we sent a link to reset your password. Check your
          email.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p className="muted">Enter the email you signed up with and we will send you a reset link.</p>
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <SubmitButton pending={isSubmitting} pendingLabel="Sending...">
            Send Reset Link
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
