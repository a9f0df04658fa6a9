import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createI18n, SUPPORTED_LANGUAGES } from '@agentflow/shared';
import { ENTITLEMENT_PLANS, PLAN_ENTITLEMENTS, type EntitlementPlan } from '@agentflow/shared/entitlements';
import { formatBytes } from '@agentflow/shared/files';
import { WORKSPACE_SEATS } from '@agentflow/shared/workspaces';
import { browserLocation } from '../api/checkout';
import { BILLING_CATALOGS } from '../i18n';
import { createFakeBillingServer } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';

// What each plan card says it allows comes from PLAN_ENTITLEMENTS (the table
// the services enforce), and a service's refusal links here with ?plan=<id>.

let scrolled: HTMLElement[];
beforeEach(() => {
  scrolled = [];
  // jsdom has no scrollIntoView: record which element asked to be shown.
  Element.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this);
  };
});
afterEach(() => {
  restoreFetch();
  jest.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const card = (id: string) => screen.getByTestId(`plan-${id}`);
/** The rows of a card's "what this plan includes" list, as read (the ✓/✗ marks are hidden from screen readers but in the text; no-break spaces read as spaces). */
const allowances = (id: string, name = 'What this plan includes') =>
  within(within(card(id)).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/\s/g, ' '));

/** The limits every card lists after the credentials, as the table gives them. */
const LIMIT_ROWS = ['seats', 'maxFileBytes', 'storageBytes', 'runRetentionDays'] as const;

/** A workspace owner's seats, as the card words them (WORKSPACE_SEATS: the limit an invitation past it names). */
const seatsEn = (plan: EntitlementPlan) => {
  const seats = WORKSPACE_SEATS[plan];
  return seats === null ? '✓Unlimited people per workspace' : seats <= 1 ? '✓Just you: no workspace members' : `✓Up to ${seats} people per workspace`;
};
const seatsDe = (plan: EntitlementPlan) => {
  const seats = WORKSPACE_SEATS[plan];
  return seats === null ? '✓Unbegrenzt viele Personen pro Arbeitsbereich' : seats <= 1 ? '✓Nur Sie: keine Mitglieder im Arbeitsbereich' : `✓Bis zu ${seats} Personen pro Arbeitsbereich`;
};

/** A plan's file size, storage and retention rows, in English, from the table (sizes as formatBytes writes them, the figures platform-api's refusals name). */
const limitRowsEn = (plan: EntitlementPlan) => {
  const { maxFileBytes, storageBytes, runRetentionDays: days } = PLAN_ENTITLEMENTS[plan];
  return [seatsEn(plan), `✓Files up to ${formatBytes(maxFileBytes)} each`, `✓${formatBytes(storageBytes)} of file storage`, `✓Run history kept ${days.toLocaleString('en')} ${days === 1 ? 'day' : 'days'}`];
};

/** The same in German: a decimal comma ("5,0 MB"), "Tag"/"Tage". */
const limitRowsDe = (plan: EntitlementPlan) => {
  const { maxFileBytes, storageBytes, runRetentionDays: days } = PLAN_ENTITLEMENTS[plan];
  const size = (bytes: number) => formatBytes(bytes).replace('.', ',');
  return [seatsDe(plan), `✓Dateien bis zu ${size(maxFileBytes)} groß`, `✓${size(storageBytes)} Dateispeicher`, `✓Ausführungsverlauf wird ${days.toLocaleString('de')} ${days === 1 ? 'Tag' : 'Tage'} aufbewahrt`];
};

async function openPlans(route = '/billing/plans', options: Parameters<typeof renderBilling>[1] = {}) {
  const rendered = renderBilling(route, options);
  await screen.findByTestId('plans');
  return rendered;
}

describe('Plans page: what each plan allows', () => {
  test('Free has no webhook or schedule triggers and 3 credentials; Basic has both triggers and 20; Enterprise unlimited credentials', async () => {
    await openPlans();
    expect(allowances('free')).toEqual(['✗Webhook triggersNot included', '✗Schedule triggersNot included', '✓Up to 3 saved credentials', ...limitRowsEn('free')]);
    expect(allowances('basic')).toEqual(['✓Webhook triggersIncluded', '✓Schedule triggersIncluded', '✓Up to 20 saved credentials', ...limitRowsEn('basic')]);
    expect(allowances('premium')).toEqual(['✓Webhook triggersIncluded', '✓Schedule triggersIncluded', '✓Up to 100 saved credentials', ...limitRowsEn('premium')]);
    expect(allowances('enterprise')).toEqual(['✓Webhook triggersIncluded', '✓Schedule triggersIncluded', '✓Unlimited saved credentials', ...limitRowsEn('enterprise')]);
    // "Included" is for screen readers; "Not included" is shown, beside a greyed ✗.
    expect(within(screen.getByTestId('plan-basic-webhookTriggers')).getByText('Included')).toHaveClass('visually-hidden');
    expect(within(screen.getByTestId('plan-free-webhookTriggers')).getByText('Not included')).not.toHaveClass('visually-hidden');
    expect(within(screen.getByTestId('plan-free-webhookTriggers')).getByText('✗')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('plan-free-tokens')).toHaveTextContent('100 tokens a month');
    expect(screen.getByTestId('plan-basic-tokens')).toHaveTextContent('2,000 tokens a month');
  });

  test('every switch on every card is the table’s value', async () => {
    await openPlans();
    for (const plan of ENTITLEMENT_PLANS) {
      for (const feature of ['webhookTriggers', 'scheduleTriggers'] as const) {
        expect(screen.getByTestId(`plan-${plan}-${feature}`)).toHaveAttribute('data-included', String(PLAN_ENTITLEMENTS[plan][feature]));
      }
    }
  });

  test('every card lists the workspace seats and the table’s file size, storage and run retention (en): the values, the text, a mark hidden from screen readers', async () => {
    await openPlans();
    for (const plan of ENTITLEMENT_PLANS) {
      for (const row of LIMIT_ROWS) {
        const item = screen.getByTestId(`plan-${plan}-${row}`);
        const value = row === 'seats' ? (WORKSPACE_SEATS[plan] ?? 'unlimited') : PLAN_ENTITLEMENTS[plan][row];
        expect([plan, row, item.getAttribute('data-value')]).toEqual([plan, row, String(value)]);
        expect(within(item).getByText('✓')).toHaveAttribute('aria-hidden', 'true');
      }
      expect([plan, allowances(plan).slice(-4)]).toEqual([plan, limitRowsEn(plan)]);
      // The figure and its unit never wrap apart.
      expect(screen.getByTestId(`plan-${plan}-maxFileBytes`).textContent).toContain(formatBytes(PLAN_ENTITLEMENTS[plan].maxFileBytes).replace(' ', '\u00a0'));
    }
  });

  test('German: every card’s seats, file size, storage and run retention are the table’s, with a decimal comma', async () => {
    await openPlans('/billing/plans', { language: 'de' });
    for (const plan of ENTITLEMENT_PLANS) {
      expect([plan, allowances(plan, 'Was dieser Tarif enthält').slice(-4)]).toEqual([plan, limitRowsDe(plan)]);
    }
  });

  test('run retention: one day in the singular, more in the plural, in every language', () => {
    const i18n = createI18n('en');
    for (const language of SUPPORTED_LANGUAGES) i18n.addResourceBundle(language, 'translation', BILLING_CATALOGS.loaded[language]!, true, true);
    const kept = (lng: string, count: number) => i18n.t('billing.plans.allowances.runRetentionDays', { lng, count, days: String(count) });
    expect(Object.fromEntries(SUPPORTED_LANGUAGES.map((lng) => [lng, [kept(lng, 1), kept(lng, 30)]]))).toEqual({
      en: ['Run history kept 1 day', 'Run history kept 30 days'],
      de: ['Ausführungsverlauf wird 1 Tag aufbewahrt', 'Ausführungsverlauf wird 30 Tage aufbewahrt'],
      es: ['Historial de ejecuciones conservado 1 día', 'Historial de ejecuciones conservado 30 días'],
      fr: ['Historique des exécutions conservé 1 jour', 'Historique des exécutions conservé 30 jours'],
      it: ['Cronologia delle esecuzioni conservata 1 giorno', 'Cronologia delle esecuzioni conservata 30 giorni'],
    });
  });

  test('a package’s own features list promises nothing: the rows follow its role, and an unknown role gets Free’s', async () => {
    const server = createFakeBillingServer();
    server.state.packages = server.state.packages.map((pkg) =>
      pkg.id === 'free' ? { ...pkg, features: ['agent', 'team', 'webhooks'] } : pkg.id === 'basic' ? { ...pkg, role: 'legacy' as never } : pkg,
    );
    await openPlans('/billing/plans', { server });
    expect(allowances('free')).toEqual(['✗Webhook triggersNot included', '✗Schedule triggersNot included', '✓Up to 3 saved credentials', ...limitRowsEn('free')]);
    expect(allowances('basic')).toEqual(['✗Webhook triggersNot included', '✗Schedule triggersNot included', '✓Up to 3 saved credentials', ...limitRowsEn('free')]);
    expect(screen.queryByText(/AI agents|Team members|webhooks/)).not.toBeInTheDocument();
    expect(screen.getByText('Tokens are spent on workflow runs, AI agent steps (by how much the model reads and writes) and voice commands.')).toBeInTheDocument();
  });

  test('German: the rows, figures and note read in German, with no English left', async () => {
    await openPlans('/billing/plans', { language: 'de' });
    const label = 'Was dieser Tarif enthält';
    expect(allowances('free', label)).toEqual(['✗Webhook-AuslöserNicht enthalten', '✗Zeitplan-AuslöserNicht enthalten', '✓Bis zu 3 gespeicherte Zugangsdaten', ...limitRowsDe('free')]);
    expect(allowances('basic', label)).toEqual(['✓Webhook-AuslöserEnthalten', '✓Zeitplan-AuslöserEnthalten', '✓Bis zu 20 gespeicherte Zugangsdaten', ...limitRowsDe('basic')]);
    expect(allowances('enterprise', label)).toEqual(['✓Webhook-AuslöserEnthalten', '✓Zeitplan-AuslöserEnthalten', '✓Unbegrenzt viele gespeicherte Zugangsdaten', ...limitRowsDe('enterprise')]);
    expect(screen.getByTestId('plan-basic-tokens')).toHaveTextContent('2.000 Tokens pro Monat');
    expect(screen.getByTestId('plan-enterprise-tokens')).toHaveTextContent('50.000 Tokens pro Monat');
    const page = screen.getByRole('region', { name: 'Tarife' }).textContent ?? '';
    for (const english of ['Webhook triggers', 'Schedule triggers', 'included', 'Included', 'credentials', 'Unlimited', 'tokens a month', 'Tokens are spent', 'What this plan', 'Files up to', 'file storage', 'Run history', 'days', 'people per workspace', 'Just you']) {
      expect(page).not.toContain(english);
    }
  });
});

describe('Plans page: ?plan= (the link of a plan refusal)', () => {
  test('?plan=basic marks Basic as the plan that unlocks the feature and scrolls it into view', async () => {
    await openPlans('/billing/plans?plan=basic');
    expect(card('basic')).toHaveAttribute('data-unlocks', 'true');
    expect(card('basic')).toHaveClass('unlocks');
    const heading = within(card('basic')).getByRole('heading', { level: 3 });
    expect(within(heading).getByText('Unlocks this feature')).toBeInTheDocument();
    // The card is named by its heading: a screen reader hears the badge with the plan.
    expect(card('basic')).toHaveAccessibleName('Basic Unlocks this feature');
    for (const other of ['free', 'premium', 'enterprise']) expect(card(other)).toHaveAttribute('data-unlocks', 'false');
    expect(screen.getAllByTestId('plan-unlocks')).toHaveLength(1);
    await waitFor(() => expect(scrolled).toEqual([card('basic')]));
    // The marked plan is bought as usual.
    jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(within(card('basic')).getByRole('button', { name: 'Subscribe to Basic' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledTimes(1));
  });

  test('without ?plan=, or naming no listed plan, nothing is marked or scrolled', async () => {
    await openPlans('/billing/plans?plan=platinum');
    expect(screen.queryByTestId('plan-unlocks')).not.toBeInTheDocument();
    expect(screen.getByTestId('plans').querySelectorAll('[data-unlocks="true"]')).toHaveLength(0);
    expect(scrolled).toEqual([]);
  });

  test('the plan the user already has is marked current, not as the one to unlock', async () => {
    await openPlans('/billing/plans?plan=free');
    expect(card('free')).toHaveAttribute('data-current', 'true');
    expect(card('free')).toHaveAttribute('data-unlocks', 'false');
    expect(screen.queryByTestId('plan-unlocks')).not.toBeInTheDocument();
  });

  test('the plan is found by the role it grants too, and the badge is translated (it)', async () => {
    const server = createFakeBillingServer();
    server.state.packages = server.state.packages.map((pkg) => (pkg.role === 'premium' ? { ...pkg, id: 'premium-2025' } : pkg));
    await openPlans('/billing/plans?plan=premium', { server, language: 'it' });
    expect(card('premium-2025')).toHaveAttribute('data-unlocks', 'true');
    expect(within(card('premium-2025')).getByTestId('plan-unlocks')).toHaveTextContent('Sblocca questa funzione');
  });
});

describe('Plans page: plan refusals read in the page’s language', () => {
  test.each([
    ['plan_required', 403, 'Ihr Tarif enthält diese Funktion nicht.'],
    ['plan_limit_reached', 403, 'Die Grenze Ihres Tarifs ist erreicht. Ein größerer Tarif erlaubt mehr.'],
    ['insufficient_tokens', 402, 'Es sind nicht mehr genug Tokens übrig.'],
  ])('%s on an action is translated (de), never the service’s English', async (code, status, german) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = createFakeBillingServer();
    server.failWith('POST', '/api/create-checkout-session', status, { error: 'Refused in English', code, plan: 'basic', feature: 'webhookTriggers' });
    await openPlans('/billing/plans', { server, language: 'de' });
    fireEvent.click(within(card('premium')).getByRole('button'));
    expect(await screen.findByText(new RegExp(`^${german}`), { selector: '.toast-destructive .toast-title' })).toBeInTheDocument();
    expect(screen.queryByText(/Refused in English/)).not.toBeInTheDocument();
  });
});
