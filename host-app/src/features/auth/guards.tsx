// Route guards: protected pages need a session; sign-in pages are skipped when one exists.
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthStore } from '../../stores/authStore';
import { browserStores, hasPendingRecovery } from '../guest/recovery';

export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return children;
}

/** Only a visit that starts signed in is redirected: a sign-in happening on the page leaves on its own. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const [signedInOnArrival] = useState(isAuthenticated);
  if (signedInOnArrival) {
    return <Navigate to={hasPendingRecovery(browserStores()) ? '/editor' : '/dashboard'} replace />;
  }
  return children;
}
