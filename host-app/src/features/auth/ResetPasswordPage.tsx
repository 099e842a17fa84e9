// Sets a new password with the token from the reset email (?token=… or /reset-password/:token).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PasswordField } from './fields';
import { resetPasswordSchema, type ResetPasswordValues } from './schemas';
import './auth.css';

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useParams().token ?? params.get('token') ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await authApi.resetPassword(token, password);
      toast.success('Password updated. Please sign in.');
      navigate('/login');
    } catch {
      // The API client has already told the user what went wrong.
    }
  });

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Choose a new password</h1>
        {token ? (
          <form onSubmit={onSubmit} noValidate>
            <PasswordField label="New password" autoComplete="new-password" {...register('password')} error={errors.password?.message} />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              {...register('confirmPassword')}
              error={errors.confirmPassword?.message}
            />
            <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Set New Password'}
            </button>
          </form>
        ) : (
          <p role="alert">This reset link is incomplete. Request a new one.</p>
        )}
        <p className="auth-footer">
          <Link to="/forgot-password">Request a new link</Link>
        </p>
      </div>
    </div>
  );
}
