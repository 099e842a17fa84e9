// Changes the password: the current one first. The server ends every other session and answers
// with a new token, which replaces the stored one.
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import { useAuthStore } from '../../stores/authStore';
import { PasswordField } from '../auth/fields';
import { changePasswordSchema, type ChangePasswordValues } from '../auth/schemas';
import { useAuthForm } from '../auth/useAuthForm';
import { reportToForm } from './serverFieldError';

export function PasswordSection() {
  const setSession = useAuthStore((state) => state.setSession);
  const { field, isSubmitting, setError, reset, onSubmit } = useAuthForm<ChangePasswordValues>(
    changePasswordSchema,
    { currentPassword: '', password: '', confirmPassword: '' },
    async ({ currentPassword, password }) => {
      try {
        const { token, user } = await authApi.changePassword(currentPassword, password);
        setSession(token, user);
        reset();
        toast.success('Password changed. Other devices have been signed out.');
      } catch (error) {
        // The server's names are the spec's (section 7).
        reportToForm(error, { oldPassword: 'currentPassword', newPassword: 'password' }, setError);
      }
    },
  );

  return (
    <section className="card stack" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form onSubmit={onSubmit} noValidate className="stack">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField label="New password" autoComplete="new-password" {...field('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
