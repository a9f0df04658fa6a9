import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CORE_PERMISSIONS } from '@agentflow/shared/rbac';
import { type ConsoleOptions, fill, openForm, openSection, restoreFetch, save } from '../testing/renderConsole';

// The fake service starts with manage_all and the core permissions.
const BUILT_IN_PERMISSIONS = CORE_PERMISSIONS.length + 1;

afterEach(restoreFetch);

const openPermissions = (options: ConsoleOptions = {}) => openSection('permissions', 'permissions-table', options);

const ids = () => screen.getAllByTestId('permission-row').map((row) => row.getAttribute('data-permission-id'));

test('lists every permission with its resource, action and system', async () => {
  const { server } = await openPermissions();
  expect(ids()).toHaveLength(BUILT_IN_PERMISSIONS);
  const manageAll = screen.getAllByTestId('permission-row')[0] as HTMLElement;
  expect(manageAll).toHaveTextContent('Manage All');
  expect(manageAll).toHaveTextContent('*');
  expect(manageAll).toHaveTextContent('manage');
  expect(manageAll).toHaveTextContent('core');
  expect(server.find('GET', '/api/access/permissions')[0]).toMatchObject({ query: {}, authorization: 'Bearer test-id-token-user-1' });
});

test('filters by system on the server', async () => {
  const { server } = await openPermissions();
  server.state.permissions.push({ id: 'export_reports', name: 'Export reports', description: '', resource: 'reports', action: 'read', system: 'custom' });
  // The filter offers the systems known so far.
  const filter = screen.getByLabelText('Show the system');
  expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All systems', 'core']);
  fireEvent.change(filter, { target: { value: 'core' } });
  await waitFor(() => expect(server.requests.some((request) => request.path === '/api/access/permissions' && request.query.system === 'core')).toBe(true));
  await waitFor(() => expect(ids()).toHaveLength(BUILT_IN_PERMISSIONS));
  expect(ids()).not.toContain('export_reports');
});

test('creates a permission (POST with every field)', async () => {
  const { server } = await openPermissions();
  const form = openForm('Create permission', 'permission-form');
  fill(form, { 'Permission ID': 'export_workflows', 'Permission name': 'Export workflows', Resource: 'workflows', Action: 'read' });
  save(form);
  await waitFor(() => expect(server.find('POST', '/api/access/permissions')).toHaveLength(1));
  expect(server.find('POST', '/api/access/permissions')[0]).toMatchObject({
    authorization: 'Bearer test-id-token-user-1',
    body: { id: 'export_workflows', name: 'Export workflows', description: '', resource: 'workflows', action: 'read', system: 'custom' },
  });
  expect(await screen.findByText('Export workflows')).toBeInTheDocument();
});

test('an invalid resource is caught before sending', async () => {
  const { server } = await openPermissions();
  const form = openForm('Create permission', 'permission-form');
  fill(form, { 'Permission ID': 'p1', 'Permission name': 'P1', Resource: '9 lives' });
  save(form);
  expect(await within(form).findByText('Use a resource name starting with a letter, or *.')).toBeInTheDocument();
  expect(server.writes()).toEqual([]);
});

test('edits a permission with a PATCH (the id is not sent)', async () => {
  const { server } = await openPermissions();
  const form = openForm('Edit permission Read packages', 'permission-form');
  expect(within(form).getByLabelText('Permission ID')).toHaveValue('read_packages');
  fill(form, { 'Permission name': 'Browse packages' });
  save(form);
  await waitFor(() => expect(server.find('PATCH', '/api/access/permissions/read_packages')).toHaveLength(1));
  expect(server.find('PATCH', '/api/access/permissions/read_packages')[0]?.body).toEqual({
    name: 'Browse packages',
    description: 'Browse the public packages',
    resource: 'packages',
    action: 'read',
    system: 'core',
  });
  expect(await screen.findByText('Browse packages')).toBeInTheDocument();
});
