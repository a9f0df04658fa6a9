import { fireEvent, screen, within } from '@testing-library/react';
import { REMOTES } from '@agentflow/shared';
import { renderWithProviders, testProfile, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { App } from './App';
import { loadRemotePage } from './remotes/remoteLoader';

jest.mock('./remotes/remoteLoader', () => ({ loadRemotePage: jest.fn() }));

const mockedLoad = jest.mocked(loadRemotePage);

beforeEach(() => {
  mockedLoad.mockReset();
  // Each "remote" renders its name, so the test sees which one the route mounted.
  mockedLoad.mockImplementation(async (remote: string) => {
    function FakeRemote() {
      return <p data-testid="remote">{remote}</p>;
    }
    return FakeRemote;
  });
});

describe('App routing', () => {
  test('an unknown path renders the not-found page, and no remote is loaded', () => {
    renderWithProviders(<App />, { route: '/no/such/page' });
    expect(screen.getByTestId('not-found')).toHaveTextContent('Page not found');
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  test('/pwa/install-instructions renders the install page (its own chunk)', async () => {
    renderWithProviders(<App />, { route: '/pwa/install-instructions?platform=ios' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Install Agentflow');
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('On iPhone and iPad (Safari)');
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  test.each<[string, string, string]>([
    ['/', 'mf_home', './HomePage'],
    ['/workflows', 'mf_workflows', './WorkflowsApp'],
    ['/workflows/wf-1/runs', 'mf_workflows', './WorkflowsApp'],
    ['/billing', 'mf_billing', './BillingApp'],
    ['/billing/invoices/42', 'mf_billing', './BillingApp'],
    ['/admin/access', 'mf_rbac', './AccessApp'],
    ['/admin/access/roles', 'mf_rbac', './AccessApp'],
  ])('%s mounts %s', async (route, remote, exposed) => {
    renderWithProviders(<App />, { route });
    expect(await screen.findByTestId('remote')).toHaveTextContent(remote);
    expect(mockedLoad).toHaveBeenCalledWith(remote, exposed);
    expect(REMOTES.find((descriptor) => descriptor.name === remote)?.page).toBe(exposed);
  });

  test.each([
    ['/signin', 'Sign in'],
    ['/signup', 'Create your account'],
    ['/reset-password', 'Reset your password'],
  ])('%s renders its page (loaded on demand) in the shell, loading no remote', async (route, heading) => {
    renderWithProviders(<App />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  test('/profile signed out leads to the sign-in page, which will come back to it', async () => {
    renderWithProviders(<App />, { route: '/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?next=%2Fprofile');
  });

  test('/profile signed in renders the profile', async () => {
    renderWithProviders(<App />, { route: '/profile', user: testUser(), auth: { userProfile: testProfile() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  test('/signin when already signed in goes on to the workflows remote', async () => {
    renderWithProviders(<App />, { route: '/signin', user: testUser() });
    expect(await screen.findByTestId('remote')).toHaveTextContent('mf_workflows');
  });

  test('/admin alone is not a remote', () => {
    renderWithProviders(<App />, { route: '/admin' });
    expect(screen.getByTestId('not-found')).toBeInTheDocument();
  });

  test('the header is on every page and its links navigate between remotes', async () => {
    renderWithProviders(<App />, { route: '/nowhere' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Billing' }));
    expect(await screen.findByTestId('remote')).toHaveTextContent('mf_billing');
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
  });

  test('the not-found page is translated', () => {
    renderWithProviders(<App />, { route: '/nada', language: 'es' });
    expect(screen.getByTestId('not-found')).toHaveTextContent('Página no encontrada');
  });
});
