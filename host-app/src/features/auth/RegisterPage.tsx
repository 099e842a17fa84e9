// Sign-up page (spec sections 2 and 5). An invitation's link (`?invite=&email=&next=`) fills in the
// invited address and sends the invitation's token along, so the new account opens the document
// (`next`) right away; signing in instead keeps `next`.
import { Link, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthCard, SubmitButton } from './AuthCard';
import { FieldError, PasswordField, TextField } from './fields';
import { registerSchema, type RegisterValues } from './schemas';
import { useAuthForm, useSignIn } from './useAuthForm';

export function RegisterPage() {
  useDocumentTitle('Create account');
  const [params] = useSearchParams();
  const invite = params.get('invite') ?? undefined;
  const next = params.get('next');
  const signIn = useSignIn({ success: 'Account created successfully!', failure: 'Failed to create account' });
  const { register, field, errors, isSubmitting, onSubmit } = useAuthForm<RegisterValues>(
    registerSchema,
    { name: '', email: params.get('email') ?? '', password: '', confirmPassword: '', terms: false },
    ({ name, email, password }) => signIn(() => authApi.register({ name: name.trim(), email, password, ...(invite ? { invite } : {}) })),
  );

  return (
    <AuthCard
      title="Create your free account"
      lead={invite ? 'A document was shared with you. Create your free account to open it.' : 'Save your work to the cloud and download without watermarks.'}
      social
      footer={
        <>
          Already have an account? <Link to={next ? `/login?${new URLSearchParams({ next }).toString()}` : '/login'}>Sign in</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" {...register('terms')} aria-invalid={errors.terms ? true : undefined} />
            <span>
              I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>
            </span>
          </label>
          <FieldError message={errors.terms?.message} />
        </div>
        <SubmitButton pending={isSubmitting} pendingLabel="Creating account...">
          Create Account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
