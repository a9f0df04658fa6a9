import { lazy, Suspense, type ReactNode } from 'react';
import { REMOTES, Route, Routes, useI18n } from '@agentflow/shared';
import { Header } from './components/Header';
import { InstallPromptProvider } from './install/InstallPromptProvider';
import { ServiceWorkerUpdates } from './pwa/ServiceWorkerUpdates';
import { RemotePage } from './components/RemotePage';
import { InstallInstructionsPage } from './pages/InstallInstructionsPage';
import { NotFoundPage } from './pages/NotFoundPage';

// The account screens (and the form validation they bring) load only when
// visited: most first views are the landing page.
const SignInPage = lazy(() => import('./pages/SignInPage').then((module) => ({ default: module.SignInPage })));
const SignUpPage = lazy(() => import('./pages/SignUpPage').then((module) => ({ default: module.SignUpPage })));
const PasswordResetPage = lazy(() => import('./pages/PasswordResetPage').then((module) => ({ default: module.PasswordResetPage })));
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

/** The page frame and the route table; remotes mount where the contract says. */
export function App() {
  return (
    <InstallPromptProvider>
      <div className="app-frame">
        <Header />
        <main className="app-main" id="main">
          <Routes>
            {REMOTES.map((remote) => (
              <Route key={remote.name} path={remote.route} element={<RemotePage key={remote.name} remote={remote.name} exposed={remote.page} />} />
            ))}
            <Route path="/pwa/install-instructions" element={<InstallInstructionsPage />} />
            <Route path="/signin" element={lazyPage(<SignInPage />)} />
            <Route path="/signup" element={lazyPage(<SignUpPage />)} />
            <Route path="/reset-password" element={lazyPage(<PasswordResetPage />)} />
            <Route path="/profile" element={lazyPage(<ProfilePage />)} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </main>
      </div>
      <ServiceWorkerUpdates />
    </InstallPromptProvider>
  );
}
