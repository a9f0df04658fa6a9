import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BUILT_IN_ROLES, CORE_PERMISSIONS } from '@agentflow/shared/rbac';
import { restoreFetch, openSection, type ConsoleOptions } from '../testing/renderConsole';

afterEach(restoreFetch);

const openMatrix = (options: ConsoleOptions = {}) => openSection('matrix', 'permission-matrix', options);

test('one checkbox per role and permission, named "<role>: <permission>"', async () => {
  await openMatrix();
  // Every role (the built-in ones and the custom editor) × (manage_all + the core permissions).
  expect(screen.getAllByRole('checkbox')).toHaveLength((BUILT_IN_ROLES.length + 1) * (CORE_PERMISSIONS.length + 1));
  expect(screen.getByRole('checkbox', { name: 'Editor: Read packages' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Editor: Find users' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Guest: Read workflow templates' })).toBeChecked();
  // admin holds manage_all: its column is not edited here.
  expect(screen.getByRole('checkbox', { name: 'Admin: Manage All' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Admin: Read packages' })).toBeDisabled();
});

test('ticking a box sends the role’s new permission list at once', async () => {
  const { server } = await openMatrix();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Editor: Find users' }));
  // Shown before the service answers (and disabled meanwhile).
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Editor: Find users' })).toBeChecked());
  await waitFor(() => expect(server.find('PATCH', '/api/access/roles/editor')).toHaveLength(1));
  expect(server.find('PATCH', '/api/access/roles/editor')[0]).toMatchObject({
    authorization: 'Bearer test-id-token-user-1',
    body: { permissions: ['read_packages', 'read_users'] },
  });
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Editor: Find users' })).toBeEnabled());

  fireEvent.click(screen.getByRole('checkbox', { name: 'Editor: Read packages' }));
  await waitFor(() => expect(server.find('PATCH', '/api/access/roles/editor')).toHaveLength(2));
  expect(server.find('PATCH', '/api/access/roles/editor')[1]?.body).toMatchObject({ permissions: ['read_users'] });
  expect(server.state.roles.find((role) => role.id === 'editor')?.permissions).toEqual(['read_users']);
});

test('a refused change is undone and explained in a toast', async () => {
  const { server } = await openMatrix();
  server.fail('PATCH', '/api/access/roles/guest', 403, 'manage_roles required');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Guest: Find users' }));
  expect(await screen.findByText('The role could not be updated')).toBeInTheDocument();
  expect(screen.getByText('You are not allowed to do this. Ask an administrator if you need it.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Guest: Find users' })).not.toBeChecked());
  expect(server.state.roles.find((role) => role.id === 'guest')?.permissions).not.toContain('read_users');
});

test('is translated (it)', async () => {
  await openMatrix({ language: 'it' });
  expect(screen.getByRole('heading', { level: 2, name: 'Matrice di ruoli e permessi' })).toBeInTheDocument();
});
