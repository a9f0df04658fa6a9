import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { InstallInstructionsPage, platformFromQuery } from './InstallInstructionsPage';

const PATH = '/pwa/install-instructions';

function steps() {
  return within(screen.getByRole('list')).getAllByRole('listitem').map((item) => item.textContent);
}

function pageSection() {
  const section = screen.getByRole('heading', { level: 1 }).closest('section');
  if (!section) throw new Error('the page has no section');
  return section;
}

describe('platformFromQuery', () => {
  test.each<[string | null, 'ios' | 'other']>([
    ['ios', 'ios'],
    ['iOS', 'ios'],
    ['IOS', 'ios'],
    ['android', 'other'],
    ['desktop', 'other'],
    ['', 'other'],
    [null, 'other'],
    ['ios ', 'other'],
    ['iphone', 'other'],
  ])('%j -> %s', (value, expected) => {
    expect(platformFromQuery(value)).toBe(expected);
  });
});

describe('InstallInstructionsPage', () => {
  test('?platform=ios shows the iOS steps', () => {
    renderWithProviders(<InstallInstructionsPage />, { route: `${PATH}?platform=ios` });
    expect(pageSection()).toHaveAttribute('data-platform', 'ios');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Install Agentflow');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('On iPhone and iPad');
    expect(steps()).toEqual(['Open this page in Safari.', 'Tap the Share button.', 'Choose “Add to Home Screen”, then tap Add.']);
    expect(screen.queryByText(/Chrome/)).not.toBeInTheDocument();
  });

  test.each([['?platform=android'], ['?platform=windows'], ['']])('%j shows the Android and desktop steps', (query) => {
    renderWithProviders(<InstallInstructionsPage />, { route: `${PATH}${query}` });
    expect(pageSection()).toHaveAttribute('data-platform', 'other');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('On Android and desktop');
    expect(steps()).toEqual(['Open this page in Chrome or Edge.', 'Open the browser menu.', 'Choose “Install app”, then confirm.']);
    expect(screen.queryByText(/Safari/)).not.toBeInTheDocument();
  });

  test('is translated', () => {
    renderWithProviders(<InstallInstructionsPage />, { route: `${PATH}?platform=ios`, language: 'it' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Installa Agentflow');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Su iPhone e iPad');
    expect(steps()[0]).toBe('Apri questa pagina in Safari.');
  });
});
