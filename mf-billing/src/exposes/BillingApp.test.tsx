import { screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import BillingApp from './BillingApp';

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
