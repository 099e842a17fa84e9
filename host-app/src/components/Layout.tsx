// Shared layout for every route: navbar, page content, footer (not under an editor, which fills the
// window). Shows "Loading..." while the stored session is verified, and sends a freshly signed-in
// user with pending guest work back to the editor.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useAuthStore } from '../stores/authStore';
import { browserStores, hasPendingRecovery } from '../features/guest/recovery';
import { RESTORING_MESSAGE } from '../features/auth/session';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { Spinner } from './Spinner';

/** Routes whose page is an editor or a shared document filling the window below the navbar. */
const FULL_WINDOW = /^\/(editor|shared?)(\/|$)/;

export function Layout() {
  const status = useAuthStore((state) => state.status);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { pathname } = useLocation();

  useEffect(() => {
    if (status !== 'ready' || !isAuthenticated || pathname.startsWith('/editor')) return;
    if (/^\/(login|register|auth\/callback)/.test(pathname)) return;
    if (!hasPendingRecovery(browserStores())) return;
    toast.loading(RESTORING_MESSAGE);
    window.location.assign('/editor');
  }, [status, isAuthenticated, pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="layout-main" tabIndex={-1}>
        {status === 'checking' ? <Spinner label="Loading..." /> : <Outlet />}
      </main>
      {!FULL_WINDOW.test(pathname) && <Footer />}
      <ScrollRestoration />
    </>
  );
}
