import { Route, Routes, useLocation } from '@agentflow/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { Header } from './Header';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <Header />
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </>,
    options,
  );
}

const mainNav = (name = 'Main navigation') => screen.getByRole('navigation', { name });

describe('Header', () => {
  test('renders the four nav links with their hrefs', () => {
    renderHeader();
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Workflows', '/workflows'],
      ['Billing', '/billing'],
      ['Access control', '/admin/access'],
    ]);
  });

  test('marks the current section as active (Home only on /)', () => {
    renderHeader({ route: '/billing/invoices' });
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  test('the brand links home', () => {
    renderHeader({ route: '/workflows' });
    expect(screen.getByRole('link', { name: 'Agentflow' })).toHaveAttribute('href', '/');
  });

  test('the menu toggle flips aria-expanded and its label', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'main-nav');
    expect(mainNav()).not.toHaveClass('open');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(mainNav()).toHaveClass('open');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Open menu');
  });

  test('picking a destination navigates and closes the menu', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    fireEvent.click(within(mainNav()).getByRole('link', { name: 'Workflows' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/workflows');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test.each<[string, Parameters<typeof renderWithProviders>[1], string]>([
    ['signed out: Guest', {}, 'Guest'],
    ['while auth is loading', { auth: { loading: true } }, 'Loading…'],
    ['signed in: the display name', { user: testUser({ displayName: 'Ada Lovelace' }) }, 'Signed in as Ada Lovelace'],
    ['signed in without a name: the email', { user: testUser({ displayName: null, email: 'grace@example.com' }) }, 'Signed in as grace@example.com'],
    ['signed in with neither: the uid', { user: testUser({ uid: 'uid-7', displayName: null, email: null }) }, 'Signed in as uid-7'],
  ])('user status, %s', (_label, options, expected) => {
    renderHeader(options);
    expect(screen.getByTestId('user-status')).toHaveTextContent(new RegExp(`^${expected}$`));
  });

  test('is translated', () => {
    renderHeader({ language: 'fr' });
    expect(within(mainNav('Navigation principale')).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Accueil',
      'Flux de travail',
      'Facturation',
      'Contrôle d’accès',
    ]);
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toBeInTheDocument();
    expect(screen.getByTestId('user-status')).toHaveTextContent('Invité');
  });
});
