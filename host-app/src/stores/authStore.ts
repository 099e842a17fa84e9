// Signed-in session: persisted under `auth-storage`; the token is also kept under `token`, where the API
// client reads it. `status` is 'checking' while a stored token is verified at start-up.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Plan, User } from '@marginalia/api';
import { clearGuestFileHandoff } from '../features/guest/guestFiles';

export const TOKEN_KEY = 'token';
export const AUTH_STORAGE_KEY = 'auth-storage';

interface AuthState {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  status: 'checking' | 'ready';
  setSession(token: string, user: User): void;
  setUser(user: User): void;
  clear(): void;
  markReady(): void;
}

/**
 * The account's plan as the server reported it during this page load (sign-in answer or the start-up
 * check of a stored session); null for guests and while the check runs. Pro gates read this, never
 * the copy persisted in local storage, which anyone can edit.
 */
export function selectVerifiedPlan(state: Pick<AuthState, 'status' | 'isAuthenticated' | 'user'>): Plan | null {
  return state.status === 'ready' && state.isAuthenticated ? (state.user?.plan ?? null) : null;
}

export function readStoredToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      isAuthenticated: false,
      status: 'checking',
      setSession(token, user) {
        localStorage.setItem(TOKEN_KEY, token);
        // A guest's handed-off file belongs to the guest session; once signed in it is not reused.
        clearGuestFileHandoff(sessionStorage);
        set({ token, user, isAuthenticated: true, status: 'ready' });
      },
      setUser(user) {
        set({ user });
      },
      clear() {
        localStorage.removeItem(TOKEN_KEY);
        set({ token: null, user: null, isAuthenticated: false });
      },
      markReady() {
        set({ status: 'ready' });
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ token: state.token, user: state.user, isAuthenticated: state.isAuthenticated }),
    },
  ),
);
