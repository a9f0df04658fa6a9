// The seed's error boundary around every page the shell renders itself and
// around the header (remote pages: RemotePage.test.tsx). Each shell page is
// wrapped so the test can make it throw while rendering; the profile page is
// also failed through the production test hook the Chromium suite uses.
import type { ComponentType } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, TEST_APP_CONFIG, testProfile, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { App } from './App';
import { loadRemotePage } from './remotes/remoteLoader';
import { RENDER_FAULT_KEY } from './testHooks/renderFault';

jest.mock('./remotes/remoteLoader', () => ({ loadRemotePage: jest.fn() }));

/** Names of the components that throw while rendering (jest.mock factories may only reach `mock…` names). */
const mockFailing = new Set<string>();

function mockThrowing(modulePath: string, exportName: string) {
  const actual = jest.requireActual(modulePath) as Record<string, ComponentType>;
  const Real = actual[exportName] as ComponentType;
  function Failing() {
    if (mockFailing.has(exportName)) throw new Error(`${exportName} exploded`);
    return <Real />;
  }
  return { ...actual, [exportName]: Failing };
}

jest.mock('./pages/SignInPage', () => mockThrowing('./pages/SignInPage', 'SignInPage'));
jest.mock('./pages/SignUpPage', () => mockThrowing('./pages/SignUpPage', 'SignUpPage'));
jest.mock('./pages/PasswordResetPage', () => mockThrowing('./pages/PasswordResetPage', 'PasswordResetPage'));
jest.mock('./pages/ProfilePage', () => mockThrowing('./pages/ProfilePage', 'ProfilePage'));
jest.mock('./pages/InstallInstructionsPage', () => mockThrowing('./pages/InstallInstructionsPage', 'InstallInstructionsPage'));
jest.mock('./pages/NotFoundPage', () => mockThrowing('./pages/NotFoundPage', 'NotFoundPage'));
jest.mock('./components/Header', () => mockThrowing('./components/Header', 'Header'));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  mockFailing.clear();
  window.sessionStorage.clear();
  jest.mocked(loadRemotePage).mockReset();
  jest.mocked(loadRemotePage).mockImplementation(async (remote: string) => () => <p data-testid="remote">{remote}</p>);
  // React and the boundary report the caught error; the tests assert on what the user sees.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

const signedIn = { user: testUser(), auth: { userProfile: testProfile() } };

const errorScreen = () => screen.findByRole('alert');

describe.each<[string, string, string, object]>([
  ['/signin', 'SignInPage', 'Sign in', {}],
  ['/signup', 'SignUpPage', 'Create your account', {}],
  ['/reset-password', 'PasswordResetPage', 'Reset your password', {}],
  ['/profile', 'ProfilePage', 'Your profile', signedIn],
  ['/pwa/install-instructions', 'InstallInstructionsPage', 'Install Agentflow', {}],
  ['/no/such/page', 'NotFoundPage', 'Page not found', {}],
])('%s', (route, component, heading, options) => {
  test(`a render error in ${component} shows the error screen inside the frame, and Try Again recovers`, async () => {
    mockFailing.add(component);
    renderWithProviders(<App />, { route, ...options });

    const alert = await errorScreen();
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('An unexpected error occurred. Please try refreshing the page.');
    expect(screen.queryByRole('heading', { level: 1, name: heading })).not.toBeInTheDocument();
    // Only the page failed: the header and its navigation stay usable.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Agentflow: a page failed', expect.objectContaining({ message: `${component} exploded` }), expect.any(String));

    mockFailing.delete(component);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

test('a failed shell page does not follow the user: the header link to another page shows that page', async () => {
  mockFailing.add('NotFoundPage');
  renderWithProviders(<App />, { route: '/nowhere' });
  await errorScreen();
  fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a render error in the header shows the error screen in its place, the page stays, and Try Again brings the header back', async () => {
  mockFailing.add('Header');
  renderWithProviders(<App />, { route: '/nowhere' });
  expect(await errorScreen()).toHaveTextContent('Something went wrong');
  expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  expect(screen.getByTestId('not-found')).toHaveTextContent('Page not found');

  mockFailing.delete('Header');
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

describe('the render-fault test hook (what the Chromium suite triggers in the production build)', () => {
  const withHooks = { ...TEST_APP_CONFIG, testHooks: true };

  test('a render error thrown inside the profile page shows the error screen; Try Again recovers once it stops', async () => {
    window.sessionStorage.setItem(RENDER_FAULT_KEY, 'profile');
    renderWithProviders(<App />, { route: '/profile', config: withHooks, ...signedIn });
    expect(await errorScreen()).toHaveTextContent('Something went wrong');
    expect(consoleError).toHaveBeenCalledWith('Agentflow: a page failed', expect.objectContaining({ message: 'Injected render fault (test hook): profile' }), expect.any(String));
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();

    // Still failing: Try Again shows the error screen again.
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await errorScreen()).toBeInTheDocument();

    window.sessionStorage.removeItem(RENDER_FAULT_KEY);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('is inert without testHooks in the configuration (every deployment): the profile renders', async () => {
    window.sessionStorage.setItem(RENDER_FAULT_KEY, 'profile');
    renderWithProviders(<App />, { route: '/profile', ...signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
