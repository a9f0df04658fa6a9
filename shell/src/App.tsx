import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { REMOTES, Route, Routes, useI18n } from '@agentflow/shared';
import { Header } from './components/Header';
import { InstallPromptProvider } from './install/InstallPromptProvider';
import { ServiceWorkerUpdates } from './pwa/ServiceWorkerUpdates';
import { RemotePage } from './components/RemotePage';
import { ErrorBoundary } from './components/ErrorBoundary';
import { NotFoundPage } from './pages/NotFoundPage';

// The account screens (and the form validation they bring) load only when
// visited: most first views are the landing page.
const SignInPage = lazy(() => import('./pages/SignInPage').then((module) => ({ default: module.SignInPage })));
const SignUpPage = lazy(() => import('./pages/SignUpPage').then((module) => ({ default: module.SignUpPage })));
const PasswordResetPage = lazy(() => import('./pages/PasswordResetPage').then((module) => ({ default: module.PasswordResetPage })));
const InstallInstructionsPage = lazy(() => import('./pages/InstallInstructionsPage').then((module) => ({ default: module.InstallInstructionsPage })));
const ProfilePage = lazy(() => import('./pages/ProfilePage').then((module) => ({ default: module.ProfilePage })));

function PageLoading() {
  const { t } = useI18n();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      {t('common.loading')}
    </div>
  );
}

const lazyPage = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;

/**
 * A shell page inside the seed's error boundary (remote pages have their own,
 * in RemotePage). Keyed by route: React Router renders every route's element
 * in the same place, so without the key a failed page's error screen would
 * outlive a navigation to another page. Try Again mounts the page afresh.
 */
const shellPage = (route: string, page: ReactNode) => (
  <ErrorBoundary key={route}>{(attempt) => <Fragment key={attempt}>{page}</Fragment>}</ErrorBoundary>
);

/** The page frame and the route table; remotes mount where the contract says. */
export function App() {
  return (
    <InstallPromptProvider>
      <div className="app-frame">
        <ErrorBoundary>{(attempt) => <Header key={attempt} />}</ErrorBoundary>
        <main className="app-main" id="main">
          <Routes>
            {REMOTES.map((remote) => (
              <Route key={remote.name} path={remote.route} element={<RemotePage key={remote.name} remote={remote.name} exposed={remote.page} />} />
            ))}
            <Route path="/pwa/install-instructions" element={shellPage('install', <InstallInstructionsPage />)} />
            <Route path="/signin" element={shellPage('signin', lazyPage(<SignInPage />))} />
            <Route path="/signup" element={shellPage('signup', lazyPage(<SignUpPage />))} />
            <Route path="/reset-password" element={shellPage('reset-password', lazyPage(<PasswordResetPage />))} />
            <Route path="/profile" element={shellPage('profile', lazyPage(<ProfilePage />))} />
            <Route path="*" element={shellPage('not-found', <NotFoundPage />)} />
          </Routes>
        </main>
      </div>
      <ServiceWorkerUpdates />
    </InstallPromptProvider>
  );
}
