// The profile's notification choices on a fake platform-api: what GET answers
// is shown, each change is one PUT of that choice, a refused save puts the box
// back, channels the user cannot receive on are disabled with what to do.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferencesView } from '@agentflow/shared/notifications';
import { fakeResponse } from '@agentflow/shared/testing/fakeApi';
import { renderWithProviders, testUser, TEST_APP_CONFIG, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';

const PATH = '/api/notification-preferences';
/** jsdom has no structuredClone: the view is plain JSON. */
const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function fakePreferencesApi(view: NotificationPreferencesView) {
  let current = view;
  const calls: Array<{ method: string; body: unknown; authorization: string | null }> = [];
  const failures: number[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, Record<string, boolean>>) : undefined;
    calls.push({ method, body, authorization: headers.Authorization ?? null });
    if (url.origin !== TEST_APP_CONFIG.apis.platform || url.pathname !== PATH) return fakeResponse(404, { error: 'no route' });
    const failure = failures.shift();
    if (failure !== undefined) return fakeResponse(failure, { error: 'down' });
    if (method === 'PUT' && body) {
      const preferences = clone(current.preferences);
      for (const [kind, choices] of Object.entries(body)) Object.assign(preferences[kind as keyof typeof preferences], choices);
      current = { ...current, preferences };
    }
    return fakeResponse(200, current);
  }) as jest.Mock & typeof globalThis.fetch;
  return { fetch, calls, failNext: (status: number) => failures.push(status) };
}

const VIEW: NotificationPreferencesView = { preferences: clone(DEFAULT_NOTIFICATION_PREFERENCES) as NotificationPreferencesView['preferences'], available: { inApp: true, email: true, slack: false, teams: true } };

function renderSection(api: ReturnType<typeof fakePreferencesApi>, options: ProvidersOptions = {}) {
  return renderWithProviders(<NotificationPreferencesSection fetch={api.fetch} />, { user: testUser(), ...options });
}

const box = (name: string) => screen.getByRole('checkbox', { name });

test('shows every kind × channel as stored, named by its row and column', async () => {
  const api = fakePreferencesApi(VIEW);
  renderSection(api);
  const table = await screen.findByTestId('notification-prefs');
  expect(within(table).getAllByRole('checkbox')).toHaveLength(16);
  expect(box('An approval waits for me E-mail')).toBeChecked();
  expect(box('A run was refused (tokens, plan) E-mail')).not.toBeChecked();
  expect(box('I am invited to a workspace In the app')).toBeChecked();
  expect(box('A run of mine failed Teams')).not.toBeChecked();
  expect(api.calls[0]).toMatchObject({ method: 'GET', authorization: expect.stringMatching(/^Bearer /) });
});

test('a change is saved at once as that one choice', async () => {
  const api = fakePreferencesApi(VIEW);
  renderSection(api);
  await screen.findByTestId('notification-prefs');
  await act(async () => {
    fireEvent.click(box('An approval waits for me Teams'));
  });
  expect(box('An approval waits for me Teams')).toBeChecked();
  expect(api.calls.at(-1)).toMatchObject({ method: 'PUT', body: { approval_waiting: { teams: true } } });
  expect(await screen.findByText('Saved.')).toBeInTheDocument();
});

test('a refused save puts the box back and says so', async () => {
  const api = fakePreferencesApi(VIEW);
  renderSection(api);
  await screen.findByTestId('notification-prefs');
  api.failNext(500);
  await act(async () => {
    fireEvent.click(box('A run of mine failed E-mail'));
  });
  expect(box('A run of mine failed E-mail')).toBeChecked();
  expect(screen.getByTestId('notification-prefs-save-failed')).toHaveTextContent('Your change could not be saved. Please try again.');
});

test('a channel the user cannot receive on is disabled, with what to do', async () => {
  renderSection(fakePreferencesApi(VIEW));
  await screen.findByTestId('notification-prefs');
  const slack = box('An approval waits for me Slack');
  expect(slack).toBeDisabled();
  expect(slack).toHaveAccessibleDescription('Slack needs a Slack connection: add one under Credentials.');
  expect(box('An approval waits for me Teams')).toBeEnabled();
  expect(screen.queryByTestId('notification-prefs-hint-teams')).not.toBeInTheDocument();
});

test('a failed load says so and tries again', async () => {
  const api = fakePreferencesApi(VIEW);
  api.failNext(503);
  renderSection(api);
  expect(await screen.findByText('Your notification choices could not be loaded.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('notification-prefs')).toBeInTheDocument();
});

test('in Spanish', async () => {
  renderSection(fakePreferencesApi(VIEW), { language: 'es' });
  expect(await screen.findByRole('heading', { name: 'Notificaciones' })).toBeInTheDocument();
  expect(await screen.findByRole('checkbox', { name: 'Una aprobación me espera Correo electrónico' })).toBeChecked();
});
