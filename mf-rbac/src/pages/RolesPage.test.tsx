import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUILT_IN_ROLES } from '@agentflow/shared/rbac';
import { createFakeAccessServer } from '../testing/fakeAccessServer';
import { type ConsoleOptions, fill, openForm, openSection, renderConsole, restoreFetch, save } from '../testing/renderConsole';

afterEach(restoreFetch);

const row = (id: string) => screen.getAllByTestId('role-row').find((candidate) => candidate.getAttribute('data-role-id') === id) as HTMLElement;

const openRoles = (options: ConsoleOptions = {}) => openSection('roles', 'roles-table', options);

test('lists the roles with their permissions, built-in ones marked', async () => {
  const { server } = await openRoles();
  expect(screen.getAllByTestId('role-row').map((candidate) => candidate.getAttribute('data-role-id'))).toEqual([...BUILT_IN_ROLES.map((role) => role.id), 'editor']);
  expect(within(row('admin')).getByTestId('built-in')).toHaveTextContent('Built-in');
  expect(within(row('editor')).queryByTestId('built-in')).not.toBeInTheDocument();
  expect(row('admin')).toHaveTextContent('Manage All');
  expect(row('guest')).toHaveTextContent('Read workflow templates, Read packages');
  // admin and guest cannot be deleted.
  expect(within(row('admin')).getByRole('button', { name: 'Delete role Admin' })).toBeDisabled();
  expect(within(row('guest')).getByRole('button', { name: 'Delete role Guest' })).toBeDisabled();
  expect(within(row('editor')).getByRole('button', { name: 'Delete role Editor' })).toBeEnabled();
  const listing = server.find('GET', '/api/access/roles');
  expect(listing).toHaveLength(1);
  expect(listing[0]?.authorization).toBe('Bearer test-id-token-user-1');
});

test('creates a role with two permissions: POST with the fields and the ID token, then the list shows it', async () => {
  const { server } = await openRoles();
  const form = openForm('Create role', 'role-form');
  fill(form, { 'Role ID': 'sales_lead', 'Role name': 'Sales lead', Description: 'Runs the sales team' });
  fireEvent.click(within(form).getByRole('checkbox', { name: /Read packages/ }));
  fireEvent.click(within(form).getByRole('checkbox', { name: /Read workflow templates/ }));
  save(form);

  await waitFor(() => expect(server.find('POST', '/api/access/roles')).toHaveLength(1));
  const [request] = server.find('POST', '/api/access/roles');
  expect(request?.authorization).toBe('Bearer test-id-token-user-1');
  expect(request?.body).toEqual({
    id: 'sales_lead',
    name: 'Sales lead',
    description: 'Runs the sales team',
    system: 'custom',
    permissions: ['read_packages', 'read_workflow_templates'],
  });
  await waitFor(() => expect(screen.queryByTestId('role-form')).not.toBeInTheDocument());
  expect(await screen.findByText('Sales lead')).toBeInTheDocument();
  expect(await screen.findByText('Role “Sales lead” created')).toBeInTheDocument();
});

test('validates with the shared schema before sending, in the user’s language', async () => {
  const { server } = await openRoles({ language: 'fr' });
  const form = openForm('Créer un rôle', 'role-form');
  fill(form, { 'Identifiant du rôle': 'Bad Id!' });
  save(form, 'Enregistrer');
  const id = within(form).getByLabelText('Identifiant du rôle');
  expect(await within(form).findByText(/Utilisez des minuscules/)).toBeInTheDocument();
  expect(id).toHaveAttribute('aria-invalid', 'true');
  expect(id).toHaveFocus();
  expect(within(form).getByLabelText('Nom du rôle')).toHaveAttribute('aria-invalid', 'true');
  expect(within(form).getByText('Ce champ est obligatoire.')).toBeInTheDocument();
  expect(server.writes()).toEqual([]);
  // Typing clears that field's error.
  fireEvent.change(id, { target: { value: 'good_id' } });
  expect(id).toHaveAttribute('aria-invalid', 'false');
});

test('a 409 on save (the id is taken) is explained in the reader’s words', async () => {
  const { server } = await openRoles();
  const form = openForm('Create role', 'role-form');
  fill(form, { 'Role ID': 'editor', 'Role name': 'Editor again' });
  save(form);
  expect(await within(form).findByRole('alert')).toHaveTextContent('This conflicts with existing data: it already exists or is still in use.');
  expect(server.find('POST', '/api/access/roles')).toHaveLength(1);
  expect(screen.getByTestId('role-form')).toBeInTheDocument();
});

test('a 403 on save says the user is not allowed, in the reader’s words (not the service’s English)', async () => {
  const { server } = await openRoles();
  server.fail('POST', '/api/access/roles', 403, 'manage_roles required');
  const form = openForm('Create role', 'role-form');
  fill(form, { 'Role ID': 'x', 'Role name': 'X' });
  save(form);
  expect(await within(form).findByRole('alert')).toHaveTextContent('You are not allowed to do this. Ask an administrator if you need it.');
});

test('edits a role: the id is read-only and a PATCH sends the other fields', async () => {
  const { server } = await openRoles();
  fireEvent.click(within(row('editor')).getByRole('button', { name: 'Edit role Editor' }));
  const form = screen.getByTestId('role-form');
  expect(within(form).getByRole('heading', { name: 'Edit role “Editor”' })).toBeInTheDocument();
  expect(within(form).getByLabelText('Role ID')).toHaveAttribute('readonly');
  expect(within(form).getByRole('checkbox', { name: /Read packages/ })).toBeChecked();
  fill(form, { 'Role name': 'Senior editor' });
  fireEvent.click(within(form).getByRole('checkbox', { name: /Read packages/ }));
  fireEvent.click(within(form).getByRole('checkbox', { name: /Find users/ }));
  save(form);
  await waitFor(() => expect(server.find('PATCH', '/api/access/roles/editor')).toHaveLength(1));
  expect(server.find('PATCH', '/api/access/roles/editor')[0]?.body).toEqual({ name: 'Senior editor', description: 'Edits workflows', permissions: ['read_users'] });
  expect(await screen.findByText('Senior editor')).toBeInTheDocument();
});

test('deleting asks first; Cancel sends nothing', async () => {
  const { server } = await openRoles();
  server.state.assignments = server.state.assignments.filter((assignment) => assignment.roleId !== 'editor');
  fireEvent.click(within(row('editor')).getByRole('button', { name: 'Delete role Editor' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete the role “Editor”?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(server.writes()).toEqual([]);

  fireEvent.click(within(row('editor')).getByRole('button', { name: 'Delete role Editor' }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(server.writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/access/roles/editor', query: {}, authorization: 'Bearer test-id-token-user-1' })]);
  await waitFor(() => expect(screen.queryByText('Editor')).not.toBeInTheDocument());
});

test('Escape closes the confirmation', async () => {
  await openRoles();
  fireEvent.click(within(row('editor')).getByRole('button', { name: 'Delete role Editor' }));
  fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
});

test('a role still in use needs a second confirmation, then is deleted with ?force=true', async () => {
  const server = createFakeAccessServer();
  await openRoles({ server });
  fireEvent.click(within(row('editor')).getByRole('button', { name: 'Delete role Editor' }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  const second = await screen.findByTestId('force-delete-dialog');
  expect(second).toHaveAccessibleName('The role “Editor” is still assigned');
  // The service's English reason stays out of the dialog: the console says it in the reader's language.
  expect(second).toHaveTextContent('Deleting it anyway also removes every assignment of this role.');
  expect(second).not.toHaveTextContent('?force=true');
  expect(server.state.roles.some((role) => role.id === 'editor')).toBe(true);
  fireEvent.click(within(second).getByRole('button', { name: 'Delete anyway' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(server.writes().map((request) => [request.method, request.path, request.query])).toEqual([
    ['DELETE', '/api/access/roles/editor', {}],
    ['DELETE', '/api/access/roles/editor', { force: 'true' }],
  ]);
  expect(server.state.roles.some((role) => role.id === 'editor')).toBe(false);
});

test('a failed delete stays in the dialog with the reason (404)', async () => {
  const { server } = await openRoles();
  server.fail('DELETE', '/api/access/roles/editor', 404, 'Role editor not found');
  fireEvent.click(within(row('editor')).getByRole('button', { name: 'Delete role Editor' }));
  const dialog = screen.getByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This no longer exists, or you cannot see it. Reload the list.');
});

test('a list that cannot be loaded says why (401)', async () => {
  const server = createFakeAccessServer();
  server.fail('GET', '/api/access/roles', 401, 'Invalid token');
  renderConsole('/admin/access/roles', { server });
  expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired. Sign in again to continue.');
});

test('editing a built-in role keeps it built-in (no defaulted system is sent)', async () => {
  const { server } = await openRoles();
  fireEvent.click(within(row('org_admin')).getByRole('button', { name: 'Edit role Organization admin' }));
  fireEvent.change(within(screen.getByTestId('role-form')).getByLabelText('Description'), { target: { value: 'Runs one organization' } });
  fireEvent.click(within(screen.getByTestId('role-form')).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.find('PATCH', '/api/access/roles/org_admin')).toHaveLength(1));
  const body = server.find('PATCH', '/api/access/roles/org_admin')[0]?.body as Record<string, unknown>;
  expect(body).toMatchObject({ description: 'Runs one organization' });
  expect(body).not.toHaveProperty('system');
  await waitFor(() => expect(server.state.roles.find((role) => role.id === 'org_admin')?.system).toBe('core'));
});
