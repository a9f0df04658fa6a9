// Access changes offline (issue 25): every control of the open section is
// disabled while the browser is offline, with the reason (in German too), and
// nothing is sent; the controls come back with the connection.
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderConsole, restoreFetch } from '../testing/renderConsole';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  setOnline(true);
  restoreFetch();
});

const row = (id: string) => screen.getAllByTestId('role-row').find((candidate) => candidate.getAttribute('data-role-id') === id) as HTMLElement;

test('offline, creating and deleting roles are disabled with the reason; back online they work again', async () => {
  const { server } = renderConsole('/admin/access/roles');
  await screen.findByTestId('roles-table');
  const create = screen.getByRole('button', { name: 'Create role' });
  expect(create).toBeEnabled();

  act(() => setOnline(false));
  expect(screen.getByTestId('access-offline')).toHaveTextContent("You're offline. Access changes need a connection and work again when you're back online.");
  expect(create).toBeDisabled();
  expect(within(row('editor')).getByRole('button', { name: 'Delete role Editor' })).toBeDisabled();
  expect(screen.getByRole('group')).toHaveAccessibleDescription("You're offline. Access changes need a connection and work again when you're back online.");
  expect(server.find('POST', '/api/access/roles')).toHaveLength(0);

  act(() => setOnline(true));
  await waitFor(() => expect(screen.queryByTestId('access-offline')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Create role' })).toBeEnabled();
});

test('the reason in German', async () => {
  renderConsole('/admin/access/roles', { language: 'de' });
  await screen.findByTestId('roles-table');
  act(() => setOnline(false));
  expect(screen.getByTestId('access-offline')).toHaveTextContent('Sie sind offline. Änderungen an Zugriffsrechten brauchen eine Verbindung und funktionieren wieder, sobald Sie online sind.');
});
