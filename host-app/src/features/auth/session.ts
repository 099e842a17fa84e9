// Session life cycle: start-up verification, sign-in completion with the recovery redirect, and logout.
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import type { User } from '@marginalia/api';
import { readStoredToken, useAuthStore } from '../../stores/authStore';
import { browserStores, hasPendingRecovery } from '../guest/recovery';

export const POST_AUTH_DELAY_MS = 500;
export const RESTORING_MESSAGE = 'Restoring your document...';

export type PostAuthDestination = { kind: 'reload'; to: '/editor' } | { kind: 'navigate'; to: string };

/** Where a fresh sign-in goes: back to the editor when guest work is waiting, else where the guard came from. */
export function postAuthDestination(recoveryPending: boolean, from: string | null | undefined): PostAuthDestination {
  if (recoveryPending) return { kind: 'reload', to: '/editor' };
  const safe = from && from.startsWith('/') && !from.startsWith('//') && !/^\/(login|register)\b/.test(from);
  return { kind: 'navigate', to: safe ? from : '/dashboard' };
}

/** The page a sign-in or sign-up link asks to land on (`?next=`); `postAuthDestination` decides whether it may. */
export function nextPage(search: string): string | null {
  return new URLSearchParams(search).get('next');
}

export async function verifyStoredSession(): Promise<void> {
  const store = useAuthStore.getState();
  const token = readStoredToken();
  if (!token) {
    store.clear();
    store.markReady();
    return;
  }
  try {
    const user = await authApi.me();
    useAuthStore.setState({ token, user, isAuthenticated: true });
  } catch (error) {
    console.warn('Stored session is no longer valid', error);
    store.clear();
  } finally {
    useAuthStore.getState().markReady();
  }
}

/** Stores the session, then after the spec's short delay leaves for the right place. */
export function completeSignIn(token: string, user: User, from: string | null, navigate: (to: string) => void): Promise<void> {
  useAuthStore.getState().setSession(token, user);
  return new Promise((resolve) => {
    window.setTimeout(() => {
      const destination = postAuthDestination(hasPendingRecovery(browserStores()), from);
      if (destination.kind === 'reload') {
        toast.loading(RESTORING_MESSAGE);
        window.location.assign(destination.to);
      } else {
        navigate(destination.to);
      }
      resolve();
    }, POST_AUTH_DELAY_MS);
  });
}

/**
 * Clears the session and reloads the landing page: a full load drops every cached query of the
 * signed-out user, and no protected page's guard gets to redirect to /login on the way out. The
 * server is told in the background so a slow answer never holds the user.
 */
export function logout(): void {
  if (readStoredToken()) {
    authApi.logout().catch((error: unknown) => console.warn('Server logout failed', error));
  }
  useAuthStore.getState().clear();
  window.location.assign('/');
}
