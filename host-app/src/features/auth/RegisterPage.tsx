// Sign-up page (spec sections 2 and 5).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PasswordField, TextField } from './fields';
import { registerSchema, type RegisterValues } from './schemas';
import { completeSignIn } from './session';
import { SocialButtons } from './SocialButtons';
import './auth.css';

export function RegisterPage() {
  useDocumentTitle('Create account');
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? null;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', terms: false },
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    try {
      const { token, user } = await authApi.register({ name: name.trim(), email, password });
      toast.success('Account created successfully!');
      await completeSignIn(token, user, from, navigate);
    } catch {
      toast.error('Failed to create account');
    }
  });

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Create your free account</h1>
        <p className="muted" style={{ textAlign: 'center' }}>
          Save your work to the cloud and download without watermarks.
        </p>
        <form onSubmit={onSubmit} noValidate>
          <TextField label="Name" autoComplete="name" {...register('name')} error={errors.name?.message} />
          <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            {...register('password')}
            error={errors.password?.message}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            {...register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <div className="field">
            <label className="checkbox">
              <input type="checkbox" {...register('terms')} aria-invalid={errors.terms ? true : undefined} />
              <span>
                I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>
              </span>
            </label>
            {errors.terms && (
              <p className="field-error" role="alert">
                {errors.terms.message}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
            {isSubmitting ? 'Creating account...' : 'Create Account'}
          </button>
        </form>
        <SocialButtons />
        <p className="auth-footer">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </div>
  );
}
