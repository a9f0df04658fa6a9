import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ConsoleOptions, fill, openForm, openSection, restoreFetch, save } from '../testing/renderConsole';

afterEach(restoreFetch);

const openOrganizations = (options: ConsoleOptions = {}) => openSection('organizations', 'organizations-table', options);

test('lists the organizations', async () => {
  const { server } = await openOrganizations();
  expect(screen.getAllByTestId('organization-row').map((row) => row.getAttribute('data-organization-id'))).toEqual(['org-acme', 'org-globex']);
  expect(server.find('GET', '/api/access/organizations')[0]?.authorization).toBe('Bearer test-id-token-user-1');
});

test('creates an organization (POST name and description)', async () => {
  const { server } = await openOrganizations();
  const form = openForm('Create organization', 'organization-form');
  fill(form, { 'Organization name': 'Initech', Description: 'TPS reports' });
  save(form);
  await waitFor(() => expect(server.find('POST', '/api/access/organizations')).toHaveLength(1));
  expect(server.find('POST', '/api/access/organizations')[0]).toMatchObject({ authorization: 'Bearer test-id-token-user-1', body: { name: 'Initech', description: 'TPS reports' } });
  expect(await screen.findByText('Initech')).toBeInTheDocument();
});

test('a name is required', async () => {
  const { server } = await openOrganizations({ language: 'de' });
  const form = openForm('Organisation erstellen', 'organization-form');
  save(form, 'Speichern');
  expect(await within(form).findByText('Dieses Feld ist erforderlich.')).toBeInTheDocument();
  expect(server.writes()).toEqual([]);
});

test('edits an organization with a PATCH', async () => {
  const { server } = await openOrganizations();
  const form = openForm('Edit organization Acme', 'organization-form');
  expect(within(form).getByLabelText('Organization name')).toHaveValue('Acme');
  fill(form, { 'Organization name': 'Acme Inc' });
  save(form);
  await waitFor(() => expect(server.find('PATCH', '/api/access/organizations/org-acme')).toHaveLength(1));
  expect(server.find('PATCH', '/api/access/organizations/org-acme')[0]?.body).toEqual({ name: 'Acme Inc', description: 'Acme Corp' });
  expect(await screen.findByText('Acme Inc')).toBeInTheDocument();
});

test('shows who belongs to an organization, with their roles there', async () => {
  const { server } = await openOrganizations();
  const toggle = screen.getByRole('button', { name: 'Members of Acme' });
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const members = await screen.findByTestId('organization-members');
  const [member] = await within(members).findAllByTestId('member-row');
  expect(member).toHaveTextContent('bob@example.com');
  expect(member).toHaveTextContent('Editor');
  expect(server.find('GET', '/api/access/organizations/org-acme/members')).toHaveLength(1);
  fireEvent.click(screen.getByRole('button', { name: 'Members of Globex' }));
  expect(await screen.findByText('Nobody holds a role in this organization yet.')).toBeInTheDocument();
});

test('a 404 while loading members is explained', async () => {
  const { server } = await openOrganizations();
  server.fail('GET', '/api/access/organizations/org-acme/members', 404, 'Organization org-acme not found');
  fireEvent.click(screen.getByRole('button', { name: 'Members of Acme' }));
  expect(await within(await screen.findByTestId('organization-members')).findByRole('alert')).toHaveTextContent('This no longer exists, or you cannot see it. Reload the list.');
});
