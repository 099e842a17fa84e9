// Sets a new password with the token from the reset email (?token=… or /reset-password/:token).
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthCard, SubmitButton } from './AuthCard';
import { PasswordField } from './fields';
import { resetPasswordSchema, type ResetPasswordValues } from './schemas';
import { useAuthForm } from './useAuthForm';

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useParams().token ?? params.get('token') ?? '';
  const { field, isSubmitting, onSubmit } = useAuthForm<ResetPasswordValues>(
    resetPasswordSchema,
    { password: '', confirmPassword: '' },
    async ({ password }) => {
      try {
        await authApi.resetPassword(token, password);
        toast.success('Password updated. Please sign in.');
        navigate('/login');
      } catch {
        // The API client has already told the user what went wrong.
      }
    },
  );

  return (
    <AuthCard title="Choose a new password" footer={<Link to="/forgot-password">Request a new link</Link>}>
      {token ? (
        <form onSubmit={onSubmit} noValidate>
          <PasswordField label="New password" autoComplete="new-password" {...field('password')} />
          <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
          <SubmitButton pending={isSubmitting} pendingLabel="Saving...">
            Set New Password
          </SubmitButton>
        </form>
      ) : (
        <p role="alert">This reset link is incomplete. Request a new one.</p>
      )}
    </AuthCard>
  );
}
