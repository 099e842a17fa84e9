// The page a verification link opens (/verify-email?token=…): spends the token once and says how
// it went. Signed in, the stored user is refreshed so the account page shows the new state.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useAuthStore } from '../../stores/authStore';
import { AuthCard } from '../auth/AuthCard';
import { ResendVerificationButton } from './ResendVerificationButton';

type Outcome =
  | { kind: 'pending' }
  | { kind: 'verified'; message: string; email: string }
  | { kind: 'failed'; message: string };

export const MISSING_TOKEN = 'This verification link is incomplete. Open the link from the email again.';
const FALLBACK_FAILURE = 'This verification link is invalid or has expired.';

export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const setUser = useAuthStore((state) => state.setUser);
  const setSession = useAuthStore((state) => state.setSession);
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { kind: 'pending' } : { kind: 'failed', message: MISSING_TOKEN },
  );
  const started = useRef(false);

  useEffect(() => {
    // A token works once: React's development double effect must not spend it twice.
    if (!token || started.current) return;
    started.current = true;
    authApi
      .verifyEmail(token)
      .then(async (answer) => {
        setOutcome({ kind: 'verified', message: answer.message, email: answer.email });
        // A change of address ended every session; this one goes on under the token it was given.
        if (answer.token && answer.user) setSession(answer.token, answer.user);
        else if (useAuthStore.getState().isAuthenticated) setUser(await authApi.me());
      })
      .catch((error: unknown) => {
        setOutcome({
          kind: 'failed',
          message: error instanceof Error && error.message ? error.message : FALLBACK_FAILURE,
        });
      });
  }, [token, setUser, setSession]);

  const next = isAuthenticated ? (
    <Link to="/account">Go to your account</Link>
  ) : (
    <Link to="/login">Sign in</Link>
  );
  return (
    <AuthCard title="Verify your email" footer={next}>
      {outcome.kind === 'pending' && <Spinner label="Verifying your email address..." />}
      {outcome.kind === 'verified' && (
        <p role="status">
          {outcome.message} <strong>{outcome.email}</strong> is now the address of your account.
        </p>
      )}
      {outcome.kind === 'failed' && (
        <div className="stack">
          <p role="alert">{outcome.message}</p>
          {isAuthenticated && <ResendVerificationButton />}
        </div>
      )}
    </AuthCard>
  );
}
