import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { auditEntry, createFakeAccessServer } from '../testing/fakeAccessServer';
import { renderConsole, restoreFetch } from '../testing/renderConsole';
import { dayBoundary } from './AuditPage';

afterEach(restoreFetch);

function serverWith(count: number) {
  const server = createFakeAccessServer();
  server.state.audit = Array.from({ length: count }, (_, index) =>
    auditEntry(index, index % 2 === 0 ? {} : { action: 'REVOKE_ROLE', userEmail: 'bea@example.com', userId: 'bea-uid', organizationId: 'org-acme', status: 'failure' }),
  );
  return server;
}

const audit = () => screen.findAllByTestId('audit-row');

test('each row shows the action and the actor’s e-mail', async () => {
  const { server } = renderConsole('/admin/access/audit');
  const rows = await audit();
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('Role assigned');
  expect(rows[0]).toHaveTextContent('ada@example.com');
  expect(rows[0]).toHaveTextContent('Success');
  expect(rows[1]).toHaveTextContent('Role created');
  expect(server.find('GET', '/api/access/audit')).toEqual([
    { method: 'GET', path: '/api/access/audit', query: { limit: '25' }, body: undefined, authorization: 'Bearer test-id-token-user-1' },
  ]);
});

test('"Load more" fetches the next page with the cursor, and disappears on the last page', async () => {
  const server = serverWith(30);
  renderConsole('/admin/access/audit', { server });
  expect(await audit()).toHaveLength(25);
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(30));
  expect(server.find('GET', '/api/access/audit').map((request) => request.query)).toEqual([{ limit: '25' }, { cursor: '25', limit: '25' }]);
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

test('filters go to the service as query parameters', async () => {
  const server = serverWith(6);
  renderConsole('/admin/access/audit', { server });
  await audit();
  const filters = screen.getByTestId('audit-filters');
  fireEvent.change(within(filters).getByLabelText('Action'), { target: { value: 'REVOKE_ROLE' } });
  fireEvent.change(within(filters).getByLabelText('Actor'), { target: { value: 'bea@example.com' } });
  fireEvent.change(within(filters).getByLabelText('Target'), { target: { value: 'bob-uid_editor_1' } });
  fireEvent.change(within(filters).getByLabelText('Organization'), { target: { value: 'org-acme' } });
  fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2024-06-01' } });
  fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2024-06-02' } });
  fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(server.find('GET', '/api/access/audit')).toHaveLength(2));
  expect(server.find('GET', '/api/access/audit')[1]?.query).toEqual({
    action: 'REVOKE_ROLE',
    actor: 'bea@example.com',
    target: 'bob-uid_editor_1',
    organizationId: 'org-acme',
    from: dayBoundary('2024-06-01', false),
    to: dayBoundary('2024-06-02', true),
    limit: '25',
  });
  await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
  expect(screen.getByTestId('audit-row')).toHaveTextContent('Failure');

  fireEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(6));
  expect(within(filters).getByLabelText('Actor')).toHaveValue('');
});

test('an end date before the start date is refused before sending', async () => {
  const { server } = renderConsole('/admin/access/audit');
  await audit();
  const filters = screen.getByTestId('audit-filters');
  fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2024-06-05' } });
  fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2024-06-01' } });
  fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));
  expect(await within(filters).findByText('The end date must not be before the start date.')).toBeInTheDocument();
  expect(server.find('GET', '/api/access/audit')).toHaveLength(1);
});

test('an empty result says so', async () => {
  const server = createFakeAccessServer();
  server.state.audit = [];
  renderConsole('/admin/access/audit', { server });
  expect(await screen.findByText('No audit entries match these filters.')).toBeInTheDocument();
});

test('the details view shows the entry’s JSON details, and closes', async () => {
  renderConsole('/admin/access/audit');
  const [first] = await audit();
  const opener = within(first as HTMLElement).getByRole('button', { name: 'Details' });
  opener.focus(); // as a real click does
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Audit entry Role assigned' });
  expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  expect(JSON.parse(within(dialog).getByTestId('audit-details-json').textContent ?? '')).toEqual({ roleId: 'editor', organizationId: null });
  expect(dialog).toHaveTextContent('127.0.0.1');
  expect(dialog).toHaveTextContent('jest');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('a 403 from the service is explained (an organization admin asking for everything)', async () => {
  const server = createFakeAccessServer();
  server.fail('GET', '/api/access/audit', 403, 'read_audit_log required');
  renderConsole('/admin/access/audit', { server });
  expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this. Ask an administrator if you need it.');
});

test('dayBoundary turns a date input into the start or end of that local day', () => {
  expect(dayBoundary('', false)).toBeUndefined();
  expect(new Date(dayBoundary('2024-06-01', false) ?? '').getHours()).toBe(0);
  expect(new Date(dayBoundary('2024-06-01', true) ?? '').getMinutes()).toBe(59);
  expect(dayBoundary('not a date', false)).toBe('not a date');
});
