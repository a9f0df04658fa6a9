// The credentials page and apps: app key types in the add form, "Connect with
// Google / HubSpot" (disabled with the reason when not set up), the signed-in
// account on its card, and the sign-in's result on the way back.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browser } from '../connectors/api';
import { rememberSignIn } from '../connectors/oauthReturn';
import { createFakeConnectorsServer } from '../connectors/testing/fakeConnectorsServer';
import { renderCredentialsWithApps } from '../builder/testing/renderWithApps';
import { createFakeCredentialsServer, fakeCredential } from './testing/fakeCredentialsServer';

afterEach(() => {
  sessionStorage.clear();
  jest.restoreAllMocks();
});

function setUp(oauth: { hubspot?: boolean; google?: boolean }, credentials = createFakeCredentialsServer()) {
  return { credentials, connectors: createFakeConnectorsServer(credentials, oauth) };
}

test('Connect with HubSpot starts the sign-in back to this page; Google not set up is disabled with the reason', async () => {
  const servers = setUp({ hubspot: true, google: false });
  const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
  renderCredentialsWithApps(servers);
  const google = await screen.findByRole('button', { name: 'Connect with Google' });
  await waitFor(() => expect(google).toBeDisabled());
  expect(google).toHaveAccessibleDescription(/Google sign-in is not set up on this server/);
  const hubspot = screen.getByRole('button', { name: 'Connect with HubSpot' });
  expect(hubspot).toBeEnabled();
  fireEvent.click(hubspot);
  await waitFor(() => expect(go).toHaveBeenCalledWith('https://provider.test/authorize?state=state-1'));
  expect(servers.connectors.starts).toEqual([{ credentialType: 'hubspotOAuth', name: 'HubSpot', returnTo: '/workflows/credentials' }]);
});

test('the add form offers the apps’ key types with their own fields', async () => {
  const servers = setUp({});
  renderCredentialsWithApps(servers);
  fireEvent.click(await screen.findByRole('button', { name: 'Add credential' }));
  const form = screen.getByRole('form', { name: 'Add credential' });
  const type = within(form).getByLabelText('Type');
  expect([...type.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['AI providers', 'HTTP authentication', 'Apps']);
  const apps = [...type.querySelectorAll('optgroup')[2]!.querySelectorAll('option')].map((o) => o.value);
  expect(apps).toEqual(['hubspotToken', 'slackBot', 'teamsWebhook', 'twilio', 'smtp', 'pipedriveToken', 'airtableToken']);
  fireEvent.change(type, { target: { value: 'twilio' } });
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'SMS line' } });
  fireEvent.change(within(form).getByLabelText('Account SID'), { target: { value: 'AC123' } });
  fireEvent.change(within(form).getByLabelText('Auth token'), { target: { value: 'tw-secret-5678' } });
  fireEvent.change(within(form).getByLabelText('Sender phone number'), { target: { value: '+14155550100' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const card = await screen.findByRole('listitem', { name: 'SMS line' });
  expect(card).toHaveTextContent('Twilio');
  expect(servers.credentials.requests.find((r) => r.method === 'POST')?.body).toEqual({ type: 'twilio', name: 'SMS line', settings: { accountSid: 'AC123', fromNumber: '+14155550100' }, secrets: { authToken: 'tw-secret-5678' } });
});

test('back with ?connected: a toast, the new account listed with the account it signed in as', async () => {
  const credentials = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c-g', name: 'Google', type: 'googleOAuth', settings: { account: 'anna@example.com' }, secretHints: { accessToken: '••••abcd' }, secrets: {} })] });
  rememberSignIn({ returnTo: '/workflows/credentials', credentialType: 'googleOAuth' });
  renderCredentialsWithApps(setUp({ google: true }, credentials), { route: '/workflows/credentials?connected=c-g' });
  expect(await screen.findByText('Google account connected')).toBeInTheDocument();
  const card = await screen.findByRole('listitem', { name: 'Google' });
  expect(within(card).getByTestId('credential-account')).toHaveTextContent('anna@example.com');
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/workflows\/credentials$/);
});

test('back with ?oauthError: the reason in the user’s language', async () => {
  renderCredentialsWithApps(setUp({ google: true }), { route: '/workflows/credentials?oauthError=oauth_state_invalid', language: 'fr' });
  expect(await screen.findByTestId('sign-in-error')).toHaveTextContent('La connexion a expiré ou a déjà été utilisée. Reconnectez-vous.');
});
