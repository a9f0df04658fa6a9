import { REMOTES, Route, Routes } from '@agentflow/shared';
import { Header } from './components/Header';
import { RemotePage } from './components/RemotePage';
import { InstallInstructionsPage } from './pages/InstallInstructionsPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PasswordResetPage } from './pages/PasswordResetPage';
import { ProfilePage } from './pages/ProfilePage';
import { SignInPage } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';

/** The page frame and the route table; remotes mount where the contract says. */
export function App() {
  return (
    <div className="app-frame">
      <Header />
      <main className="app-main" id="main">
        <Routes>
          {REMOTES.map((remote) => (
            <Route key={remote.name} path={remote.route} element={<RemotePage key={remote.name} remote={remote.name} exposed={remote.page} />} />
          ))}
          <Route path="/pwa/install-instructions" element={<InstallInstructionsPage />} />
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/signup" element={<SignUpPage />} />
          <Route path="/reset-password" element={<PasswordResetPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
    </div>
  );
}
