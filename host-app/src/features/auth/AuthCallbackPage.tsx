// Return page of social sign-in: reads ?token or ?error and completes the session (spec section 8).
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TOKEN_KEY } from '../../stores/authStore';
import { completeSignIn } from './session';
import { signInErrorMessage } from './signInErrors';

export function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get('error');
    const token = params.get('token');
    if (error) {
      toast.error(signInErrorMessage(error), { duration: 10_000 });
      navigate('/login', { replace: true });
      return;
    }
    if (!token) {
      toast.error('No authentication token received.');
      navigate('/login', { replace: true });
      return;
    }
    localStorage.setItem(TOKEN_KEY, token);
    authApi
      .me()
      .then(async (user) => {
        toast.success('Successfully logged in!');
        await completeSignIn(token, user, null, (to) => navigate(to, { replace: true }));
      })
      .catch(() => {
        localStorage.removeItem(TOKEN_KEY);
        toast.error('Failed to complete login. Please try again.');
        navigate('/login', { replace: true });
      });
  }, [params, navigate]);

  return <Spinner label="Completing sign in..." />;
}
