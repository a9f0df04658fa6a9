import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { createFakeBillingServer } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';
import BillingApp from './BillingApp';

afterEach(restoreFetch);

// The shell mounts this entry at '/billing/*'; standalone, the remote mounts it at '/*'.
describe('mf_billing ./BillingApp (federated entry)', () => {
  test.each([['/billing'], ['/billing/'], ['/billing/some/nested/path']])('renders the translated title at %s', (route) => {
    renderWithProviders(<BillingApp />, { route, path: '/billing/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Billing$/);
    expect(screen.getByText('Plans, payment methods, invoices and token usage.')).toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Billing');
  });

  test('renders standalone at / and at a nested path', () => {
    const { unmount } = renderWithProviders(<BillingApp />, { route: '/', path: '/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Billing');
    unmount();
    renderWithProviders(<BillingApp />, { route: '/deep/link', path: '/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Billing');
  });

  test.each([['/billing'], ['/billing/some/nested/path']])('is translated (fr) at %s', (route) => {
    renderWithProviders(<BillingApp />, { route, path: '/billing/*', language: 'fr' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Facturation$/);
    expect(screen.queryByText('Billing')).not.toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Facturation');
  });
});

describe('mf_billing sections', () => {
  test('the overview links to Usage and Team, and the section tabs mark where you are', () => {
    renderWithProviders(<BillingApp />, { route: '/billing', path: '/billing/*' });
    expect(screen.getByRole('link', { name: 'View usage' })).toHaveAttribute('href', '/billing/usage');
    expect(screen.getByRole('link', { name: 'Manage your team' })).toHaveAttribute('href', '/billing/team');
    const tabs = within(screen.getByRole('navigation', { name: 'Billing sections' })).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Overview', '/billing'],
      ['Plans', '/billing/plans'],
      ['Usage', '/billing/usage'],
      ['Team', '/billing/team'],
    ]);
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
  });

  test('standalone at /*, the links stay inside the remote', () => {
    renderWithProviders(<BillingApp />, { route: '/', path: '/*' });
    expect(screen.getByRole('link', { name: 'View usage' })).toHaveAttribute('href', '/usage');
    expect(screen.getByTestId('billing-tab-overview')).toHaveAttribute('href', '/');
  });

  test('signed in: the overview names the plan', async () => {
    const server = createFakeBillingServer();
    server.state.membership.role = 'premium';
    renderBilling('/billing', { server, language: 'fr' });
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Votre formule : Avancé');
    await screen.findByTestId('subscription-none');
  });

  test('an unknown section says so inside the billing frame', () => {
    renderWithProviders(<BillingApp />, { route: '/billing/nope', path: '/billing/*' });
    expect(screen.getByRole('alert')).toHaveTextContent('This section does not exist.');
  });
});
