// Entry point: installs the API client, verifies the stored session, cleans stale guest files, renders.
import { createRoot } from 'react-dom/client';
import toast from 'react-hot-toast';
import { App } from './App';
import { createApiClient } from './api/client';
import { installApiClient } from './api/instance';
import { verifyStoredSession } from './features/auth/session';
import { cleanupStaleGuestFiles } from './features/guest/guestFiles';
import { router } from './routes/router';
import { readStoredToken, useAuthStore } from './stores/authStore';
import './styles/tokens.css';
import './styles/base.css';

installApiClient(
  createApiClient({
    baseUrl: import.meta.env.VITE_API_URL ?? '',
    getToken: readStoredToken,
    clearToken: () => useAuthStore.getState().clear(),
    notifyError: (message) => toast.error(message, { id: message }),
    // Back to the page the session expired on once signed in again (its work is kept as a local draft).
    goToLogin: () => {
      const { pathname, search } = router.state.location;
      void router.navigate('/login', { state: { from: pathname + search } });
    },
  }),
);

void verifyStoredSession();
cleanupStaleGuestFiles().catch((error: unknown) => console.warn('Guest file cleanup failed', error));

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(<App />);
