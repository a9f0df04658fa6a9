import { screen, waitFor, within } from '@testing-library/react';
import { createFakeAccessServer } from '../testing/fakeAccessServer';
import { renderConsole, restoreFetch } from '../testing/renderConsole';

afterEach(restoreFetch);

const tabs = () => within(screen.getByRole('navigation')).queryAllByRole('link').map((link) => link.textContent);

// The shell mounts this entry at '/admin/access/*'; standalone, the remote mounts it at '/*'.
describe('mf_rbac ./AccessApp (federated entry)', () => {
  test('a signed-out visitor is sent to sign in, and comes back here afterwards', async () => {
    renderConsole('/admin/access/roles', { user: null, auth: {} });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin?next=%2Fadmin%2Faccess%2Froles'));
  });

  test('while the sign-in state loads it shows a status, not the console', () => {
    renderConsole('/admin/access', { user: null, auth: { loading: true } });
    expect(screen.getByText('Loading…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  test.each([['/admin/access'], ['/admin/access/']])('an admin at %s gets the translated title, every tab, and the first tab opened', async (route) => {
    renderConsole(route);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Access control$/);
    expect(screen.getByText('Roles, permissions, organizations and the audit log.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/access/roles'));
    expect(tabs()).toEqual(['Roles', 'Permissions', 'Matrix', 'Users', 'Organizations', 'Audit log']);
    expect(screen.getByRole('link', { name: 'Roles' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Roles' })).toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Access control');
  });

  test('renders standalone at / (the remote mounts it at /*)', async () => {
    renderConsole('/', { mount: '/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Access control');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/roles$/));
  });

  test('is translated (es), tabs included', async () => {
    renderConsole('/admin/access/audit', { language: 'es' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Control de acceso$/);
    await waitFor(() => expect(tabs()).toContain('Registro de auditoría'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Registro de auditoría' })).toBeInTheDocument();
    expect(screen.queryByText('Access control')).not.toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Control de acceso');
  });

  test('a path naming no section says so, inside the console', async () => {
    renderConsole('/admin/access/some/nested/path');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Access control');
    expect(await screen.findByText('This section does not exist. Choose one of the tabs above.')).toBeInTheDocument();
  });
});

describe('who sees what', () => {
  test('a signed-in user without any console permission gets the translated 403 page', async () => {
    const server = createFakeAccessServer();
    server.state.assignments = [];
    renderConsole('/admin/access', { server });
    const page = await screen.findByTestId('access-forbidden');
    expect(within(page).getByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(within(page).getByText(/does not have the permission/)).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Access control sections' })).not.toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Access denied');
    expect(server.requests).toEqual([]); // nothing asked of platform-api
  });

  test('the 403 page is translated (de), also on a deep link', async () => {
    renderConsole('/admin/access/roles', { language: 'de', rbac: { userPermissions: [] }, rbacReader: undefined });
    const page = await screen.findByTestId('access-forbidden');
    expect(within(page).getByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Zurück zur Startseite' })).toBeInTheDocument();
  });

  test('an auditor sees only the audit tab, and a tab they may not use is a 403 under the tabs', async () => {
    const { server } = renderConsole('/admin/access/roles', { rbac: { userPermissions: ['read_audit_log'] }, rbacReader: undefined });
    expect(tabs()).toEqual(['Audit log']);
    const page = screen.getByTestId('access-forbidden');
    expect(within(page).getByRole('heading', { level: 2, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Access control' })).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  test('the console home opens the first tab the user may use', async () => {
    renderConsole('/admin/access', { rbac: { userPermissions: ['read_audit_log'] }, rbacReader: undefined });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/access/audit'));
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(2);
  });

  test('an organization admin (assigned in one organization) gets the users, organizations and audit tabs', async () => {
    const server = createFakeAccessServer();
    server.state.assignments = [{ id: 'x', userId: 'user-1', roleId: 'org_admin', assignedAt: null, assignedBy: 'system', organizationId: 'org-acme' }];
    renderConsole('/admin/access/users', { server });
    await waitFor(() => expect(tabs()).toEqual(['Users', 'Organizations', 'Audit log']));
    expect(await screen.findByRole('searchbox', { name: 'Search users by e-mail' })).toBeInTheDocument();
  });

  test('while access is loading: a status, no tabs and no 403', () => {
    renderConsole('/admin/access/roles', { rbac: { loading: true }, rbacReader: undefined });
    expect(screen.getByText('Loading…')).toHaveAttribute('role', 'status');
    expect(tabs()).toEqual([]);
    expect(screen.queryByTestId('access-forbidden')).not.toBeInTheDocument();
  });

  test('when access control fails to load: the translated error and a retry', async () => {
    const refresh = jest.fn(async () => undefined);
    renderConsole('/admin/access/roles', { rbac: { error: 'Access control could not be loaded. Please try again.', refresh }, rbacReader: undefined });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Access control could not be loaded. Please try again.');
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(refresh).toHaveBeenCalled();
    expect(screen.queryByTestId('access-forbidden')).not.toBeInTheDocument();
  });
});
