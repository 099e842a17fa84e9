// Sign-in page (spec sections 2 and 5).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PasswordField, TextField } from './fields';
import { loginSchema, type LoginValues } from './schemas';
import { completeSignIn } from './session';
import { SocialButtons } from './SocialButtons';
import './auth.css';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? null;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      const { token, user } = await authApi.login({ email, password });
      toast.success('Welcome back!');
      await completeSignIn(token, user, from, navigate);
    } catch {
      toast.error('Invalid email or password');
    }
  });

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Welcome back</h1>
        <p className="muted" style={{ textAlign: 'center' }}>
          Sign in to save and manage your documents.
        </p>
        <form onSubmit={onSubmit} noValidate>
          <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            {...register('password')}
            error={errors.password?.message}
          />
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <label className="checkbox">
              <input type="checkbox" {...register('remember')} /> Remember me
            </label>
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
        <SocialButtons />
        <p className="auth-footer">
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </p>
      </div>
    </div>
  );
}
