// Route table (spec section 2). The editor and shared viewer are split into their own chunk.
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { Spinner } from '../components/Spinner';
import { AccountPage } from '../features/account/AccountPage';
import { VerifyEmailPage } from '../features/account/VerifyEmailPage';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { RedirectIfAuthenticated, RequireAuth } from '../features/auth/guards';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { DocumentsPage } from '../features/documents/DocumentsPage';
import { RecoverPage } from '../features/guest/RecoverPage';
import { FeaturesPage } from '../features/marketing/FeaturesPage';
import { LandingPage } from '../features/marketing/LandingPage';
import { NotFoundPage } from '../features/marketing/NotFoundPage';
import { PricingPage } from '../features/marketing/PricingPage';
import { StaticContentPage } from '../features/marketing/StaticContentPage';
import { STATIC_PAGES } from '../features/marketing/staticPages';

const EditorPage = lazy(() => import('../features/editor/EditorPage').then((m) => ({ default: m.EditorPage })));
const SharedViewerPage = lazy(() =>
  import('../features/editor/SharedViewerPage').then((m) => ({ default: m.SharedViewerPage })),
);

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading editor..." />}>{children}</Suspense>;
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/features', element: <FeaturesPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/login', element: <RedirectIfAuthenticated><LoginPage /></RedirectIfAuthenticated> },
      { path: '/register', element: <RedirectIfAuthenticated><RegisterPage /></RedirectIfAuthenticated> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/account', element: <RequireAuth><AccountPage /></RequireAuth> },
      { path: '/recover/:recoveryId', element: <RecoverPage /> },
      { path: '/dashboard', element: <RequireAuth><DashboardPage /></RequireAuth> },
      { path: '/documents', element: <RequireAuth><DocumentsPage /></RequireAuth> },
      { path: '/editor', element: <Deferred><EditorPage /></Deferred> },
      { path: '/editor/:documentId', element: <Deferred><EditorPage /></Deferred> },
      { path: '/shared/:token', element: <Deferred><SharedViewerPage /></Deferred> },
      { path: '/share/:token', element: <Deferred><SharedViewerPage /></Deferred> },
      ...Object.keys(STATIC_PAGES).map((key) => ({ path: `/${key}`, element: <StaticContentPage key={key} pageKey={key} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
