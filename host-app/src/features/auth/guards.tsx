// Route guards: protected pages need a session; sign-in pages are skipped when one exists.
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthStore } from '../../stores/authStore';
import { browserStores, hasPendingRecovery } from '../guest/recovery';
import { nextPage, postAuthDestination } from './session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return children;
}

/**
 * Only a visit that starts signed in is redirected (to the `next` page the link asked for, when it
 * may go there): a sign-in happening on the page leaves on its own.
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const [signedInOnArrival] = useState(isAuthenticated);
  const location = useLocation();
  if (signedInOnArrival) {
    return <Navigate to={postAuthDestination(hasPendingRecovery(browserStores()), nextPage(location.search)).to} replace />;
  }
  return children;
}
