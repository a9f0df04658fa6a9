/** @jest-environment jsdom */
// The shared project runs in node; this suite needs the DOM set-up the jsdom projects get.
import '../../../testing/setupDom';
import { fireEvent, screen } from '@testing-library/react';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '../../../testing/renderWithProviders';
import { Link, Route, Routes, useNavigate } from '../router';
import { RequireAuth, signInPathFor } from './RequireAuth';

function renderGuarded(options: ProvidersOptions) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/billing/*"
        element={
          <RequireAuth>
            <p data-testid="secret">Invoices</p>
          </RequireAuth>
        }
      />
      <Route path="/signin" element={<LocationProbe />} />
    </Routes>,
    options,
  );
}

describe('RequireAuth', () => {
  test('signed in: renders its children where they are', () => {
    renderGuarded({ route: '/billing/invoices', user: testUser() });
    expect(screen.getByTestId('secret')).toHaveTextContent('Invoices');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  test('signed out: redirects to /signin with the current path and search as next', () => {
    renderGuarded({ route: '/billing/invoices?page=2&sort=date' });
    expect(screen.queryByTestId('secret')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent('/billing/invoices?page=2&sort=date')}`);
  });

  test('the redirect replaces the guarded page in the history, so Back skips it', () => {
    function Back() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          Back
        </button>
      );
    }
    renderWithProviders(
      <Routes>
        <Route path="/start" element={<Link to="/billing">Go</Link>} />
        <Route path="/billing" element={<RequireAuth>secret</RequireAuth>} />
        <Route
          path="*"
          element={
            <>
              <LocationProbe />
              <Back />
            </>
          }
        />
      </Routes>,
      { route: '/start' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/signin?next=%2Fbilling');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('link', { name: 'Go' })).toBeInTheDocument();
  });

  test('while the sign-in state loads: a status text, neither the children nor a redirect', () => {
    renderGuarded({ route: '/billing', user: null, auth: { loading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByTestId('secret')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  test('the status text is translated', () => {
    renderGuarded({ route: '/billing', language: 'it', auth: { loading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento…');
  });

  test('signInPathFor encodes the whole path', () => {
    expect(signInPathFor('/a b?x=1&y=/z')).toBe('/signin?next=%2Fa%20b%3Fx%3D1%26y%3D%2Fz');
  });
});
