// The palette: grouped and collapsible, searchable in the user's language,
// and an app entry adds an app step with its connector and action set.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from './testing/xyflowStubs';
import { createFakeCredentialsServer } from '../credentials/testing/fakeCredentialsServer';
import { createFakeConnectorsServer } from '../connectors/testing/fakeConnectorsServer';
import { renderBuilderWithApps } from './testing/renderWithApps';

installXyflowStubs();

const workflow = (): Workflow => ({ ...emptyWorkflow('user-1', 'Leads', { id: 'wf-1' }), version: 1 });
const palette = () => screen.getAllByRole('navigation')[0]!;
const entries = () => within(palette()).queryAllByRole('button').filter((b) => b.dataset.entry);
const servers = () => {
  const credentials = createFakeCredentialsServer();
  return { credentials, connectors: createFakeConnectorsServer(credentials) };
};

test('grouped: triggers, AI, logic, data and apps by category; app categories fold open', async () => {
  await renderBuilderWithApps(workflow(), servers());
  const groups = within(palette()).getAllByRole('button', { expanded: true }).map((b) => b.textContent?.replace(/^[▾▸]\s*/, ''));
  expect(groups).toEqual(['Triggers', 'AI', 'Logic', 'Data', 'Apps']);
  // The core entries keep their names; an app trigger sits under Triggers.
  const triggers = screen.getByTestId('palette-group-triggers');
  expect(within(triggers).getByRole('button', { name: 'Add Manual trigger' })).toBeVisible();
  expect(within(triggers).getByRole('button', { name: 'HubSpot → Deal created or updated' })).toBeVisible();
  expect(within(screen.getByTestId('palette-group-ai')).getByRole('button', { name: 'Add Agent' })).toBeVisible();
  // CRM is closed until opened: then HubSpot's and Pipedrive's actions show, each with its badge.
  const crm = within(palette()).getByRole('button', { name: /CRM/, expanded: false });
  expect(screen.getByRole('button', { name: 'HubSpot → Create deal', hidden: true })).not.toBeVisible();
  fireEvent.click(crm);
  expect(crm).toHaveAttribute('aria-expanded', 'true');
  const createDeal = screen.getByRole('button', { name: 'HubSpot → Create deal' });
  expect(createDeal).toBeVisible();
  expect(within(createDeal).getByTestId('app-badge')).toHaveTextContent('Hs');
  expect(screen.getByRole('button', { name: 'Pipedrive → Create deal' })).toBeVisible();
  fireEvent.click(crm);
  expect(createDeal).not.toBeVisible();
});

test('search filters by app, action and step names, and opens what it finds', async () => {
  await renderBuilderWithApps(workflow(), servers());
  const search = screen.getByRole('searchbox', { name: 'Search steps and apps' });
  fireEvent.change(search, { target: { value: 'hub' } });
  const found = entries().map((b) => b.textContent);
  expect(found.length).toBeGreaterThan(5);
  expect(found.every((text) => text?.includes('HubSpot'))).toBe(true);
  expect(screen.getByRole('button', { name: 'HubSpot → Create deal' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Add Agent' })).not.toBeInTheDocument();

  fireEvent.change(search, { target: { value: 'send sms' } });
  expect(entries().map((b) => b.textContent)).toEqual(['TwTwilio → Send text message (SMS)']);
  fireEvent.change(search, { target: { value: 'condition' } });
  expect(entries().map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Add Condition']);
  fireEvent.change(search, { target: { value: 'zzzz' } });
  expect(entries()).toHaveLength(0);
  expect(within(palette()).getByRole('status')).toHaveTextContent('No step or app matches “zzzz”.');
});

test('search speaks the user’s language, accents optional', async () => {
  await renderBuilderWithApps(workflow(), servers(), { language: 'fr' });
  fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher des étapes et des applications' }), { target: { value: 'creer transaction' } });
  expect(entries().map((b) => b.textContent)).toEqual(['HsHubSpot → Créer une transaction']);
});

test('an app entry adds an app step with its app and action, named after it, shown with its badge', async () => {
  const docs = await renderBuilderWithApps(workflow(), servers());
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search steps and apps' }), { target: { value: 'hubspot create deal' } });
  fireEvent.click(screen.getByRole('button', { name: 'HubSpot → Create deal' }));
  const node = await waitFor(() => screen.getAllByTestId('builder-node').find((n) => n.dataset.nodeType === 'connector')!);
  expect(node).toHaveTextContent('HubSpot · Create deal');
  expect(within(node).getByTestId('app-badge')).toHaveTextContent('Hs');
  const panel = screen.getByTestId('config-panel');
  expect(within(panel).getByLabelText('App')).toHaveValue('hubspot');
  expect(within(panel).getByLabelText('Action')).toHaveValue('createDeal');
  await waitFor(() => expect(docs.saves.at(-1)?.workflow.nodes.at(-1)).toMatchObject({ type: 'connector', name: 'Create deal', params: { connector: 'hubspot', operation: 'createDeal', params: {} } }), { timeout: 5000 });

  // A polling trigger from the Triggers group, with the default interval.
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search steps and apps' }), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Gmail → New e-mail received' }));
  await waitFor(() => expect(docs.saves.at(-1)?.workflow.nodes.at(-1)).toMatchObject({ type: 'trigger.poll', params: { connector: 'gmail', trigger: 'newMessage', params: {}, intervalMinutes: 5 } }), { timeout: 5000 });
  expect(within(screen.getByTestId('config-panel')).getByLabelText('Check every (minutes)')).toHaveValue(5);
});

test('above the canvas (small screens) the triggers start folded, the other steps stay at hand', async () => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ matches: /max-width:\s*900px/.test(query), media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
  try {
    await renderBuilderWithApps(workflow(), servers());
    expect(within(palette()).getByRole('button', { name: /Triggers/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Add Manual trigger', hidden: true })).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Agent' })).toBeVisible();
    fireEvent.click(within(palette()).getByRole('button', { name: /Triggers/ }));
    expect(screen.getByRole('button', { name: 'Add Manual trigger' })).toBeVisible();
  } finally {
    window.matchMedia = original;
  }
});
