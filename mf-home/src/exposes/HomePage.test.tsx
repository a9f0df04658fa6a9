import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import HomePage from './HomePage';

describe('mf_home ./HomePage (federated entry)', () => {
  test('has the page title, the main heading and the sub heading', () => {
    renderWithProviders(<HomePage />);
    expect(document.title).toBe('Agentflow · AI agents for your business');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Automate your business with AI agents');
    expect(screen.getByText('Build agents and multi-agent workflows for sales, logistics, field services and real estate.')).toBeInTheDocument();
  });

  test('Go to Dashboard leads to the dashboard; Learn More scrolls to the features section', () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/workflows/dashboard');
    const learnMore = screen.getByRole('link', { name: 'Learn More' });
    expect(learnMore).toHaveAttribute('href', '#features');
    fireEvent.click(learnMore);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('features'));
  });

  test('Sign In shows for guests, and is hidden when signed in or while the session is still loading', () => {
    const guest = renderWithProviders(<HomePage />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    guest.unmount();
    const signedIn = renderWithProviders(<HomePage />, { user: testUser() });
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    signedIn.unmount();
    renderWithProviders(<HomePage />, { auth: { loading: true } });
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  test('notes it is available on mobile, with the install instructions', () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByText(/Available on mobile/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to install' })).toHaveAttribute('href', '/pwa/install-instructions');
  });

  test('cards: Voice Commands, and Industry Solutions linking to each industry’s workflows', () => {
    renderWithProviders(<HomePage />);
    const features = screen.getByRole('region', { name: 'What you can do with Agentflow' });
    expect(within(features).getByRole('article', { name: 'Voice Commands' })).toBeInTheDocument();
    const industries = within(features).getByRole('article', { name: 'Industry Solutions' });
    const links = within(industries).getAllByRole('link');
    expect(links.map((link) => [link.textContent?.trim(), link.getAttribute('href')])).toEqual([
      ['Sales', '/workflows?industry=sales'],
      ['Logistics', '/workflows?industry=logistics'],
      ['Field services', '/workflows?industry=field-services'],
      ['Real estate', '/workflows?industry=real-estate'],
    ]);
  });

  test('keeps the host for tests (data-host) but shows no developer text: a guest sees nothing, a signed-in reader their name', () => {
    const guest = renderWithProviders(<HomePage />, { host: 'shell' });
    const hostName = screen.getByTestId('host-name');
    expect(hostName).toHaveAttribute('data-host', 'shell');
    expect(hostName).toBeEmptyDOMElement();
    expect(document.body).not.toHaveTextContent(/Running inside|shell|Guest/);
    guest.unmount();
    const named = renderWithProviders(<HomePage />, { user: testUser({ email: 'ada@example.com', displayName: 'Ada Lovelace' }) });
    expect(screen.getByTestId('host-name')).toHaveTextContent('Signed in as Ada Lovelace');
    named.unmount();
    renderWithProviders(<HomePage />, { host: 'mf_home (standalone)', user: testUser({ email: 'ada@example.com', displayName: null }) });
    expect(screen.getByTestId('host-name')).toHaveTextContent(/^Signed in as ada@example\.com$/);
    expect(document.body).not.toHaveTextContent('standalone');
  });

  test('in German, a guest sees no host or developer text', () => {
    renderWithProviders(<HomePage />, { host: 'shell', language: 'de' });
    expect(document.body).not.toHaveTextContent(/Läuft innerhalb|shell|Gast/);
  });

  test('is translated (German)', () => {
    renderWithProviders(<HomePage />, { language: 'de' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Automatisieren Sie Ihr Unternehmen mit KI-Agenten');
    expect(screen.getByRole('link', { name: 'Zum Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mehr erfahren' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Branchenlösungen' })).toBeInTheDocument();
    expect(document.title).toBe('Agentflow · KI-Agenten für Ihr Unternehmen');
  });
});
