// A new credential beyond the plan's limit (403 plan_limit_reached) is a
// moment to upgrade: the form explains it in the user's language with the plan
// that allows more and a link to it highlighted, never the service's English.
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, type PlanRole, type SupportedLanguage } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { CredentialsClientContext } from './api';
import { CredentialsRoute } from './CredentialsPage';
import { createFakeCredentialsServer, fakeCredential, type FakeCredentialsServer } from './testing/fakeCredentialsServer';
import { jsonResponse } from '../runs/testing/fakeRunsServer';

const membership = (role: PlanRole) => ({
  userId: 'user-1',
  role,
  tokensRemaining: 50,
  tokensReset: '2024-07-01T00:00:00.000Z',
  stripeCustomerId: null,
  subscriptionId: null,
  createdAt: null,
  updatedAt: null,
});

const labels = {
  en: { add: 'Add credential', type: 'Type', name: 'Name', key: 'API key', save: 'Save' },
  de: { add: 'Zugangsdaten hinzufügen', type: 'Art', name: 'Bezeichnung', key: 'API-Schlüssel', save: 'Speichern' },
} as const;

/** Opens the page with `role`'s plan, the limit already reached, and tries to save one more. */
async function saveOneTooMany(role: PlanRole, language: keyof typeof labels = 'en', planInAnswer = 'basic') {
  const server: FakeCredentialsServer = createFakeCredentialsServer({ credentials: [1, 2, 3].map((n) => fakeCredential({ id: `c${n}`, name: `Key ${n}` })) });
  server.once('POST', /^\/api\/credentials$/, () =>
    jsonResponse(403, { error: `Your plan allows 3 saved credentials; ${planInAnswer} allows more`, code: 'plan_limit_reached', plan: planInAnswer, feature: 'credentials' }),
  );
  renderWithProviders(
    <CredentialsClientContext.Provider value={server.client}>
      <Routes>
        <Route path="/workflows/credentials" element={<CredentialsRoute />} />
      </Routes>
    </CredentialsClientContext.Provider>,
    { route: '/workflows/credentials', user: testUser(), language: language as SupportedLanguage, membership: { membership: membership(role) } },
  );
  const words = labels[language];
  await screen.findByRole('listitem', { name: 'Key 1' });
  fireEvent.click(screen.getByRole('button', { name: words.add }));
  const form = screen.getByRole('form', { name: words.add });
  fireEvent.change(within(form).getByLabelText(words.type), { target: { value: 'openai' } });
  fireEvent.change(within(form).getByLabelText(words.name), { target: { value: 'Fourth' } });
  fireEvent.change(within(form).getByLabelText(words.key), { target: { value: 'sk-abcdefgh1234' } });
  fireEvent.click(within(form).getByRole('button', { name: words.save }));
  return { server, form };
}

test('Free: explained with Basic, which allows more, and a link to it; the form stays filled; no generic error', async () => {
  const { form } = await saveOneTooMany('free');
  const note = await within(form).findByTestId('credential-plan-limit');
  expect(note).toHaveAttribute('role', 'alert');
  expect(note).toHaveTextContent('Your plan’s limit of saved credentials is reached, so this credential was not saved. The Basic plan allows more.');
  expect(within(note).getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute('href', '/billing/plans?plan=basic');
  expect(screen.queryByTestId('credential-form-error')).not.toBeInTheDocument();
  expect(screen.queryByText(/allows 3 saved credentials/)).not.toBeInTheDocument();
  expect(within(form).getByLabelText('Name')).toHaveValue('Fourth');
  expect(screen.queryByRole('listitem', { name: 'Fourth' })).not.toBeInTheDocument();
});

test('Basic: the plan with more is Premium', async () => {
  const { form } = await saveOneTooMany('basic', 'en', 'premium');
  const note = await within(form).findByTestId('credential-plan-limit');
  expect(note).toHaveTextContent('The Premium plan allows more.');
  expect(within(note).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/billing/plans?plan=premium');
});

test('translated (de)', async () => {
  const { form } = await saveOneTooMany('free', 'de');
  const note = await within(form).findByTestId('credential-plan-limit');
  expect(note).toHaveTextContent('Die Anzahl gespeicherter Zugangsdaten Ihres Tarifs ist erreicht. Daher wurden diese Zugangsdaten nicht gespeichert. Der Tarif Basis erlaubt mehr.');
  expect(within(note).getByRole('link', { name: 'Zum Tarif Basis wechseln' })).toHaveAttribute('href', '/billing/plans?plan=basic');
});
