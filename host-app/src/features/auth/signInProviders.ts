// Which social sign-in buttons to show: only the providers the server says are configured, asked
// once per page load. While it has not answered, or when it cannot, none are shown: a button that
// leads to an error page would pull a guest out of the editor for nothing.
import { useEffect, useState } from 'react';
import { authApi } from '../../api/auth';
import type { SignInProvider } from '@marginalia/api';

export const PROVIDER_LABELS: Record<SignInProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

let configured: Promise<SignInProvider[]> | undefined;

function loadProviders(): Promise<SignInProvider[]> {
  configured ??= authApi.providers().catch((error: unknown) => {
    console.warn('Sign-in providers unavailable', error);
    configured = undefined;
    return [];
  });
  return configured;
}

/** Forgets the answer (tests start each case from a fresh page). */
export function forgetSignInProviders(): void {
  configured = undefined;
}

export function useSignInProviders(): SignInProvider[] {
  const [providers, setProviders] = useState<SignInProvider[]>([]);
  useEffect(() => {
    let live = true;
    void loadProviders().then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
