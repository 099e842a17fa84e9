// Sign-in page (spec sections 2 and 5).
import { Link } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthCard, SubmitButton } from './AuthCard';
import { PasswordField, TextField } from './fields';
import { loginSchema, type LoginValues } from './schemas';
import { useAuthForm, useSignIn } from './useAuthForm';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const signIn = useSignIn({ success: 'Welcome back!', failure: 'Invalid email or password' });
  const { register, field, isSubmitting, onSubmit } = useAuthForm<LoginValues>(
    loginSchema,
    { email: '', password: '' },
    ({ email, password }) => signIn(() => authApi.login({ email, password })),
  );

  return (
    <AuthCard
      title="Welcome back"
      lead="Sign in to save and manage your documents."
      social
      footer={
        <>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <label className="checkbox">
            <input type="checkbox" {...register('remember')} /> Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <SubmitButton pending={isSubmitting} pendingLabel="Signing in...">
          Sign In
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
