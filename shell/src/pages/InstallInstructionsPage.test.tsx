import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { InstallInstructionsPage, platformFromQuery } from './InstallInstructionsPage';

const PATH = '/pwa/install-instructions';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

function stepsOf(platform: string) {
  return within(screen.getByTestId(`install-steps-${platform}`))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}
const sectionOrder = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.id);

const userAgent = jest.spyOn(window.navigator, 'userAgent', 'get');
afterEach(() => userAgent.mockReset());

describe('platformFromQuery', () => {
  test.each<[string | null, 'ios' | 'android' | 'desktop']>([
    ['ios', 'ios'],
    ['iOS', 'ios'],
    ['android', 'android'],
    ['DESKTOP', 'desktop'],
    ['', 'android'],
    [null, 'android'],
    ['iphone', 'android'],
  ])('%j (detected android) -> %s', (value, expected) => {
    expect(platformFromQuery(value, 'android')).toBe(expected);
  });
});

describe('InstallInstructionsPage', () => {
  test('?platform=ios puts the iOS steps first and marks them as this device', () => {
    renderWithProviders(<InstallInstructionsPage />, { route: `${PATH}?platform=ios` });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Install Agentflow');
    expect(screen.getByRole('heading', { level: 1 }).closest('section')).toHaveAttribute('data-platform', 'ios');
    expect(sectionOrder()).toEqual(['install-ios', 'install-android', 'install-desktop']);
    expect(screen.getByTestId('install-steps-ios')).toHaveTextContent('Your device');
    expect(stepsOf('ios')).toEqual([
      'Open this page in Safari.',
      'Tap the Share icon (the square with an arrow pointing up) in the toolbar.',
      'Scroll down, choose “Add to Home Screen”, then tap Add.',
    ]);
  });

  test('without a query the browser decides: an Android phone sees Android first', () => {
    userAgent.mockReturnValue(ANDROID);
    renderWithProviders(<InstallInstructionsPage />, { route: PATH });
    expect(sectionOrder()).toEqual(['install-android', 'install-ios', 'install-desktop']);
    expect(stepsOf('android')[2]).toBe('Choose “Install app” or “Add to Home screen”, then confirm.');
  });

  test('an iPhone without a query sees iOS first; a desktop browser sees desktop steps and the Safari/Firefox note', () => {
    userAgent.mockReturnValue(IPHONE);
    const { unmount } = renderWithProviders(<InstallInstructionsPage />, { route: PATH });
    expect(sectionOrder()[0]).toBe('install-ios');
    unmount();
    userAgent.mockReturnValue('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36');
    renderWithProviders(<InstallInstructionsPage />, { route: PATH });
    expect(sectionOrder()[0]).toBe('install-desktop');
    expect(stepsOf('desktop')[0]).toBe('Open this page in Chrome or Microsoft Edge.');
    expect(screen.getByText(/Firefox cannot install web apps/)).toBeInTheDocument();
  });

  test('is translated, and has a help button on the install topic', () => {
    renderWithProviders(<InstallInstructionsPage />, { route: `${PATH}?platform=desktop`, language: 'de' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Agentflow installieren');
    expect(stepsOf('desktop')[0]).toBe('Öffnen Sie diese Seite in Chrome oder Microsoft Edge.');
    expect(screen.getByTestId('help-button')).toHaveTextContent('Hilfe');
  });
});
