// Asks the server to email a password reset link.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TextField } from './fields';
import { forgotPasswordSchema, type ForgotPasswordValues } from './schemas';
import './auth.css';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await authApi.forgotPassword(email);
      setSentTo(email);
    } catch {
      // The API client has already told the user what went wrong.
    }
  });

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Reset your password</h1>
        {sentTo ? (
          <p role="status">
            If an account exists for <strong>{sentTo}</strong>, we sent a link to reset your password. Check your
            email.
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <p className="muted">Enter the email you signed up with and we will send you a reset link.</p>
            <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
            <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send Reset Link'}
            </button>
          </form>
        )}
        <p className="auth-footer">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}
