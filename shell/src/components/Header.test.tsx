import { Route, Routes, useLocation } from '@agentflow/shared';
import { CATALOGS } from '@agentflow/shared/testing/catalogs';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, testProfile, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { Header } from './Header';
import { fakeNotificationsSource } from '../notifications/fakeSource';
import { NotificationsSourceContext } from '../notifications/source';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader(options: Parameters<typeof renderWithProviders>[1] = {}) {
  // No notifications (NotificationsMenu.test.tsx covers the bell): Firestore stays out of these tests.
  return renderWithProviders(
    <NotificationsSourceContext.Provider value={fakeNotificationsSource()}>
      <Header />
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </NotificationsSourceContext.Provider>,
    options,
  );
}

const mainNav = (name = 'Main navigation') => screen.getByRole('navigation', { name });
/** The section links: the nav's own list (the sign-in link and the user menu sit beside it). */
const navLinks = (name?: string) => within(within(mainNav(name)).getAllByRole('list')[0]!).getAllByRole('link');

describe('Header', () => {
  test('renders the four nav links with their hrefs', () => {
    renderHeader();
    const links = navLinks();
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
    [
      'signed in with a profile: the profile name first',
      { user: testUser({ displayName: 'Ada Lovelace' }), auth: { userProfile: testProfile({ displayName: 'Countess of Lovelace' }) } },
      'Signed in as Countess of Lovelace',
    ],
    ['signed in without a name: the email', { user: testUser({ displayName: null, email: 'grace@example.com' }) }, 'Signed in as grace@example.com'],
    ['signed in with neither: the uid', { user: testUser({ uid: 'uid-7', displayName: null, email: null }) }, 'Signed in as uid-7'],
  ])('user status, %s', async (_label, options, expected) => {
    renderHeader(options);
    // The account menu is loaded once someone is signed in.
    expect(await screen.findByTestId('user-status')).toHaveTextContent(new RegExp(`^${expected}$`));
  });

  test('is translated', () => {
    renderHeader({ language: 'fr' });
    expect(navLinks('Navigation principale').map((link) => link.textContent)).toEqual([
      'Accueil',
      'Flux de travail',
      'Facturation',
      'Contrôle d’accès',
    ]);
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toBeInTheDocument();
    expect(screen.getByTestId('user-status')).toHaveTextContent('Invité');
  });
});

describe('Header account controls', () => {
  const menuButton = () => screen.getByRole('button', { name: /^Signed in as / });

  test('signed out: a Sign in link that brings the user back to the current page', () => {
    renderHeader({ route: '/billing/invoices?page=2' });
    expect(within(mainNav()).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/signin?next=${encodeURIComponent('/billing/invoices?page=2')}`);
    expect(screen.queryByRole('button', { name: /Signed in as/ })).not.toBeInTheDocument();
  });

  test.each([['/'], ['/signin'], ['/signup']])('signed out on %s: the Sign in link carries no next', (route) => {
    renderHeader({ route });
    expect(within(mainNav()).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  test('while auth is loading: neither the Sign in link nor the user menu', () => {
    renderHeader({ auth: { loading: true } });
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Signed in as/ })).not.toBeInTheDocument();
  });

  test('signed in: the user menu button opens a menu with Profile and Sign out, focusing the first item', () => {
    renderHeader({ user: testUser() });
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    const button = menuButton();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(within(button).getByTestId('user-status')).toHaveTextContent('Signed in as Ada Lovelace');

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'Sign out']);
    expect(items[0]).toHaveAttribute('href', '/profile');
    expect(items[0]).toHaveFocus();

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test('Escape closes the menu and returns focus to the button', () => {
    renderHeader({ user: testUser() });
    fireEvent.click(menuButton());
    const item = screen.getByRole('menuitem', { name: 'Profile' });
    expect(item).toHaveFocus();
    fireEvent.keyDown(item, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  test('a press outside closes the menu; a press inside does not', () => {
    renderHeader({ user: testUser() });
    fireEvent.click(menuButton());
    fireEvent.pointerDown(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByTestId('path'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  test('arrow keys open the menu and move between its items', () => {
    renderHeader({ user: testUser() });
    fireEvent.keyDown(menuButton(), { key: 'ArrowUp' });
    const [profile, signOut] = screen.getAllByRole('menuitem');
    expect(signOut).toHaveFocus();
    fireEvent.keyDown(signOut!, { key: 'ArrowDown' });
    expect(profile).toHaveFocus();
    fireEvent.keyDown(profile!, { key: 'ArrowUp' });
    expect(signOut).toHaveFocus();
    fireEvent.keyDown(signOut!, { key: 'Home' });
    expect(profile).toHaveFocus();
  });

  test('Profile navigates to /profile and closes the menu', () => {
    renderHeader({ user: testUser(), route: '/workflows' });
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/profile');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test('Sign out calls signOut and closes the menu', async () => {
    const signOut = jest.fn(async () => undefined);
    renderHeader({ user: testUser(), auth: { signOut } });
    fireEvent.click(menuButton());
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failed sign-out shows its message in an alert, and reopening the menu clears it', async () => {
    const signOut = jest.fn(async () => {
      throw new Error('Error signing out. Please try again.');
    });
    renderHeader({ user: testUser(), auth: { signOut } });
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error signing out. Please try again.');
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();

    fireEvent.click(menuButton());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the provider’s way: sign-out resolves and reports the failure as its error, which the menu then shows', async () => {
    const signOut = jest.fn(async () => undefined);
    renderHeader({ user: testUser(), auth: { signOut, error: 'Error signing out. Please try again.' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // an older error is not the menu's business
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error signing out. Please try again.');
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  test('a sign-out rejected without a message falls back to the translated one', async () => {
    renderHeader({ user: testUser(), language: 'de', auth: { signOut: () => Promise.reject('boom') } });
    fireEvent.click(screen.getByRole('button', { name: /^Angemeldet als / }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Abmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CATALOGS.de.auth.messages.signOutFailed);
  });

  test('the account controls are translated', () => {
    renderHeader({ language: 'es' });
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/signin');
  });
});

describe('Header token count', () => {
  const membership = (tokensRemaining: number) => ({
    userId: 'user-1',
    role: 'free' as const,
    tokensRemaining,
    tokensReset: '2024-07-01T00:00:00.000Z',
    stripeCustomerId: null,
    subscriptionId: null,
    createdAt: null,
    updatedAt: null,
  });

  test('signed in: the remaining tokens, linking to the usage page', () => {
    renderHeader({ user: testUser(), membership: { membership: membership(10) } });
    const count = screen.getByTestId('token-count');
    expect(count).toHaveTextContent(/^10 tokens$/);
    expect(count).toHaveAttribute('href', '/billing/usage');
    fireEvent.click(count);
    expect(screen.getByTestId('path')).toHaveTextContent('/billing/usage');
  });

  test.each([
    ['en', 1, '1 token'],
    ['en', 0, '0 tokens'],
    ['fr', 10, '10 jetons'],
    ['fr', 1, '1 jeton'],
    ['de', 10, '10 Tokens'],
    ['es', 1, 'Queda 1 token'],
  ] as const)('%s, %i left: “%s”', (language, left, text) => {
    renderHeader({ user: testUser(), language, membership: { membership: membership(left) } });
    expect(screen.getByTestId('token-count')).toHaveTextContent(new RegExp(`^${text}$`));
  });

  test('a healthy balance: the plain count, no plans link', () => {
    renderHeader({ user: testUser(), membership: { membership: membership(10) } });
    expect(screen.getByTestId('token-count')).not.toHaveClass('token-count--low');
    expect(screen.queryByRole('link', { name: 'Get tokens' })).not.toBeInTheDocument();
  });

  test.each([[9], [1], [0]])('%i left (below 10): the count warns and a Get tokens link leads to the plans', (left) => {
    renderHeader({ user: testUser(), membership: { membership: membership(left) } });
    const count = screen.getByTestId('token-count');
    expect(count).toHaveClass('token-count--low');
    // The count keeps its own text and its link to the usage page.
    expect(count).toHaveTextContent(new RegExp(`^${left} tokens?$`));
    expect(count).toHaveAttribute('href', '/billing/usage');
    expect(count).toHaveAttribute('title', 'Only a few tokens left this period: see your usage');
    const upgrade = screen.getByRole('link', { name: 'Get tokens' });
    expect(upgrade).toHaveAttribute('href', '/billing/plans');
    fireEvent.click(upgrade);
    expect(screen.getByTestId('path')).toHaveTextContent('/billing/plans');
  });

  test.each([
    ['de', 'Tokens holen'],
    ['fr', 'Obtenir des jetons'],
    ['es', 'Conseguir tokens'],
    ['it', 'Ottieni token'],
  ] as const)('the plans link is translated (%s: “%s”)', (language, name) => {
    renderHeader({ user: testUser(), language, membership: { membership: membership(0) } });
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/billing/plans');
  });

  test('nothing while signed out, or before the membership has loaded (or when it failed)', () => {
    const { unmount } = renderHeader({ membership: { membership: null } });
    expect(screen.queryByTestId('token-count')).not.toBeInTheDocument();
    unmount();
    renderHeader({ user: testUser(), membership: { membership: null, error: 'Failed to load membership details.' } });
    expect(screen.queryByTestId('token-count')).not.toBeInTheDocument();
  });

  test('with the real provider on a fake billing-api: a new user sees 10 tokens', async () => {
    const fetch = jest.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      const body = path === '/api/membership' ? { userMembership: membership(10), activeSubscription: null, packageDetails: null } : { used: 0, total: 10, resetDate: '2024-07-31T00:00:00.000Z' };
      return { ok: true, status: 200, json: async () => body, text: async () => JSON.stringify(body) } as Response;
    });
    renderHeader({ user: testUser(), membershipFetch: fetch as unknown as typeof globalThis.fetch });
    expect(await screen.findByTestId('token-count')).toHaveTextContent('10 tokens');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['http://127.0.0.1:4001/api/membership', 'http://127.0.0.1:4001/api/tokens/summary']);
  });
});

describe('offline indicator (issue 25)', () => {
  const setOnline = (online: boolean) => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => act(() => setOnline(true)));

  test('appears in the header bar while the browser is offline and goes away when the connection returns', () => {
    renderHeader({ user: testUser(), auth: { userProfile: testProfile() } });
    expect(screen.queryByTestId('offline-indicator')).not.toBeInTheDocument();
    act(() => setOnline(false));
    const indicator = screen.getByTestId('offline-indicator');
    expect(indicator).toHaveAttribute('role', 'status');
    expect(indicator).toHaveTextContent("Offline — You're offline. You see what is saved on this device; workflow edits sync when you're back online.");
    // The user stays shown: offline is not signed out.
    expect(screen.getByTestId('user-status')).toHaveTextContent('Signed in as Ada Lovelace');
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-indicator')).not.toBeInTheDocument();
  });

  test('is translated (German)', () => {
    renderHeader({ language: 'de' });
    act(() => setOnline(false));
    expect(screen.getByTestId('offline-indicator')).toHaveTextContent(/^Keine Verbindung — Sie sind offline\./);
  });
});
