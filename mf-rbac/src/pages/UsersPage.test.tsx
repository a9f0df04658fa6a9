import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeAccessServer } from '../testing/fakeAccessServer';
import { fill, renderConsole, restoreFetch } from '../testing/renderConsole';

afterEach(restoreFetch);

async function search(prefix: string) {
  fireEvent.change(await screen.findByRole('searchbox', { name: 'Search users by e-mail' }), { target: { value: prefix } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

async function selectBob() {
  await search('bo');
  fireEvent.click(await screen.findByRole('button', { name: 'Select bob@example.com' }));
  return screen.findByTestId('user-access');
}

test('searches users by e-mail prefix with the ID token', async () => {
  const { server } = renderConsole('/admin/access/users');
  await search('b');
  const results = await screen.findByTestId('user-results');
  expect(within(results).getAllByTestId('user-result').map((item) => item.getAttribute('data-user-id'))).toEqual(['bob-uid', 'bea-uid']);
  expect(server.find('GET', '/api/access/users')).toEqual([
    { method: 'GET', path: '/api/access/users', query: { emailPrefix: 'b' }, body: undefined, authorization: 'Bearer test-id-token-user-1' },
  ]);
});

test('an empty search is refused before sending; no match says so', async () => {
  const { server } = renderConsole('/admin/access/users');
  await search('   ');
  expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  expect(screen.getByRole('searchbox')).toHaveFocus();
  expect(server.find('GET', '/api/access/users')).toEqual([]);
  await search('zed');
  expect(await screen.findByText('No user’s e-mail starts with “zed”.')).toBeInTheDocument();
});

test('shows a user’s assignments with their organization', async () => {
  const { server } = renderConsole('/admin/access/users');
  const access = await selectBob();
  expect(within(access).getByRole('heading', { name: 'Access of bob@example.com' })).toBeInTheDocument();
  const rows = await within(access).findAllByTestId('assignment-row');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toHaveTextContent('Editor');
  expect(rows[0]).toHaveTextContent('Acme');
  expect(rows[0]).toHaveAttribute('data-organization-id', 'org-acme');
  expect(server.find('GET', '/api/access/users/bob-uid/assignments')[0]?.authorization).toBe('Bearer test-id-token-user-1');
});

test('assigns a role in an organization: POST /assignments, then the list shows it', async () => {
  const { server } = renderConsole('/admin/access/users');
  const access = await selectBob();
  await within(access).findAllByTestId('assignment-row');
  const form = within(access).getByTestId('assign-form');
  const organization = within(form).getByLabelText('Organization');
  await waitFor(() => expect(within(organization).getAllByRole('option').map((option) => option.textContent)).toEqual(['Everywhere (all organizations)', 'Acme', 'Globex']));
  fill(form, { Role: 'org_admin' });
  fireEvent.change(organization, { target: { value: 'org-globex' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign' }));

  await waitFor(() => expect(server.find('POST', '/api/access/assignments')).toHaveLength(1));
  expect(server.find('POST', '/api/access/assignments')[0]).toMatchObject({
    authorization: 'Bearer test-id-token-user-1',
    body: { userId: 'bob-uid', roleId: 'org_admin', organizationId: 'org-globex' },
  });
  await waitFor(() => expect(within(access).getAllByTestId('assignment-row')).toHaveLength(2));
  expect(await screen.findByText('Organization admin assigned to bob@example.com')).toBeInTheDocument();
});

test('assigns everywhere with organizationId null', async () => {
  const { server } = renderConsole('/admin/access/users');
  const access = await selectBob();
  const form = within(access).getByTestId('assign-form');
  await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Guest' })).toHaveLength(1));
  fill(form, { Role: 'guest' });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign' }));
  await waitFor(() => expect(server.find('POST', '/api/access/assignments')).toHaveLength(1));
  expect(server.find('POST', '/api/access/assignments')[0]?.body).toEqual({ userId: 'bob-uid', roleId: 'guest', organizationId: null });
});

test('without a role chosen nothing is sent', async () => {
  const { server } = renderConsole('/admin/access/users');
  const access = await selectBob();
  const form = within(access).getByTestId('assign-form');
  fireEvent.click(within(form).getByRole('button', { name: 'Assign' }));
  expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Role')).toHaveAttribute('aria-invalid', 'true');
  expect(server.writes()).toEqual([]);
});

test('a refused assignment is explained in the reader’s words', async () => {
  const { server } = renderConsole('/admin/access/users');
  server.fail('POST', '/api/access/assignments', 403, 'Not allowed in organization org-globex');
  const access = await selectBob();
  const form = within(access).getByTestId('assign-form');
  await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Guest' })).toHaveLength(1));
  fill(form, { Role: 'guest' });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('You are not allowed to do this. Ask an administrator if you need it.');
});

test('revokes an assignment: POST /assignments/revoke with its scope, then it is gone', async () => {
  const { server } = renderConsole('/admin/access/users');
  const access = await selectBob();
  const [row] = await within(access).findAllByTestId('assignment-row');
  fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(server.find('POST', '/api/access/assignments/revoke')).toHaveLength(1));
  expect(server.find('POST', '/api/access/assignments/revoke')[0]).toMatchObject({
    authorization: 'Bearer test-id-token-user-1',
    body: { userId: 'bob-uid', roleId: 'editor', organizationId: 'org-acme' },
  });
  expect(await within(access).findByText('This user holds no role yet.')).toBeInTheDocument();
  expect(await screen.findByText('Editor revoked from bob@example.com')).toBeInTheDocument();
});

test('an organization admin may assign only inside their organization', async () => {
  const server = createFakeAccessServer();
  server.state.assignments = [
    { id: 'x', userId: 'user-1', roleId: 'org_admin', assignedAt: null, assignedBy: 'system', organizationId: 'org-acme' },
    { id: 'y', userId: 'bob-uid', roleId: 'editor', assignedAt: null, assignedBy: 'user-1', organizationId: 'org-acme' },
  ];
  renderConsole('/admin/access/users', { server });
  const access = await selectBob();
  const form = within(access).getByTestId('assign-form');
  await waitFor(() => expect(within(within(form).getByLabelText('Organization')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Acme']));
  await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Editor' })).toHaveLength(1));
  fill(form, { Role: 'editor' });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign' }));
  await waitFor(() => expect(server.find('POST', '/api/access/assignments')).toHaveLength(1));
  expect(server.find('POST', '/api/access/assignments')[0]?.body).toEqual({ userId: 'bob-uid', roleId: 'editor', organizationId: 'org-acme' });
});
