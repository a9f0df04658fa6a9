import { screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import HomePage from './HomePage';

describe('mf_home ./HomePage (federated entry)', () => {
  test('shows the title and links to /workflows and /billing', () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Automate your business with AI agents');
    expect(screen.getByText(/Build agents and multi-agent workflows/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Workflows' })).toHaveAttribute('href', '/workflows');
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing');
  });

  test('shows the host name from usePlatform()', () => {
    renderWithProviders(<HomePage />, { host: 'shell' });
    const hostName = screen.getByTestId('host-name');
    expect(hostName).toHaveAttribute('data-host', 'shell');
    expect(hostName).toHaveTextContent('Running inside: shell');
  });

  test('standalone, it names the remote as host', () => {
    renderWithProviders(<HomePage />, { host: 'mf_home (standalone)' });
    expect(screen.getByTestId('host-name')).toHaveAttribute('data-host', 'mf_home (standalone)');
    expect(screen.getByTestId('host-name')).toHaveTextContent('Running inside: mf_home (standalone)');
  });

  test('shows who is signed in, from the host’s AuthContext', () => {
    const { unmount } = renderWithProviders(<HomePage />);
    expect(screen.getByTestId('host-name')).toHaveTextContent('Guest');
    unmount();
    const named = renderWithProviders(<HomePage />, { user: testUser({ email: 'ada@example.com', displayName: 'Ada Lovelace' }) });
    expect(screen.getByTestId('host-name')).toHaveTextContent('Signed in as Ada Lovelace');
    named.unmount();
    renderWithProviders(<HomePage />, { user: testUser({ email: 'ada@example.com', displayName: null }) });
    expect(screen.getByTestId('host-name')).toHaveTextContent('Signed in as ada@example.com');
  });

  test('sets the document title', () => {
    renderWithProviders(<HomePage />);
    expect(document.title).toBe('Agentflow · Home');
  });

  test('is translated (German)', () => {
    renderWithProviders(<HomePage />, { language: 'de', host: 'shell' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Automatisiere dein Unternehmen mit KI-Agenten');
    expect(screen.getByRole('link', { name: 'Abläufe' })).toHaveAttribute('href', '/workflows');
    expect(screen.getByRole('link', { name: 'Abrechnung' })).toHaveAttribute('href', '/billing');
    expect(screen.getByTestId('host-name')).toHaveTextContent('Läuft innerhalb von: shell · Gast');
    expect(document.title).toBe('Agentflow · Startseite');
  });
});
