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
    goToLogin: () => void router.navigate('/login'),
  }),
);

void verifyStoredSession();
cleanupStaleGuestFiles().catch((error: unknown) => console.warn('Guest file cleanup failed', error));

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(<App />);
