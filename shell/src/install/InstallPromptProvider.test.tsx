import { Route, Routes } from '@agentflow/shared';
import { CATALOGS } from '@agentflow/shared/testing/catalogs';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { LocationProbe, renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { expectRefusedOutsideProvider } from '@agentflow/shared/testing/requiredContext';
import { InstallPromptProvider, type InstallPromptProviderProps, type InstallWindow, useInstallPrompt } from './InstallPromptProvider';
import { DISMISSED_STORAGE_KEY, type InstallOutcome } from './installMachine';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';

/** A window stand-in: its own events, user agent and display mode. */
function fakeWindow(userAgent: string, options: { standalone?: boolean; maxTouchPoints?: number } = {}): InstallWindow & EventTarget {
  return Object.assign(new EventTarget(), {
    navigator: { userAgent, maxTouchPoints: options.maxTouchPoints ?? 5 },
    matchMedia: (query: string) => ({ matches: options.standalone === true && query === '(display-mode: standalone)' }),
  });
}

/** A synthetic `beforeinstallprompt`: prompt() and userChoice are mocks the test settles. */
function installPromptEvent() {
  let choose: (outcome: InstallOutcome) => void = () => undefined;
  const userChoice = new Promise<{ outcome: InstallOutcome; platform: string }>((resolve) => {
    choose = (outcome) => resolve({ outcome, platform: 'web' });
  });
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    platforms: ['web'],
    prompt: jest.fn(async () => undefined),
    userChoice,
  });
  return { event, choose };
}

/** What other components see through useInstallPrompt(). */
function HookProbe() {
  const { platform, widgetHidden, installed, openInstallModal } = useInstallPrompt();
  return (
    <div>
      <output data-testid="hook">{`${platform} hidden=${widgetHidden} installed=${installed}`}</output>
      <button type="button" onClick={openInstallModal}>
        open from elsewhere
      </button>
    </div>
  );
}

function renderWidget(props: Omit<InstallPromptProviderProps, 'children'> = {}, options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <InstallPromptProvider {...props}>
      <HookProbe />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </InstallPromptProvider>,
    options,
  );
}

/** Lets the lazy modal chunk and awaited promises settle without moving the clock. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await settle();
}

const modal = () => screen.queryByTestId('install-modal');
const fab = () => screen.queryByTestId('install-fab');
const location = () => screen.getByTestId('location').textContent;
const dispatchOn = async (target: EventTarget, event: Event) => {
  await act(async () => {
    target.dispatchEvent(event);
  });
};

/** Installed or standalone: a later install event is left to the browser, and nothing opens, not even on request. */
async function expectStaysQuiet(target: EventTarget, ms: number) {
  const { event } = installPromptEvent();
  await dispatchOn(target, event);
  expect(event.defaultPrevented).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'open from elsewhere' }));
  await advance(ms);
  expect(modal()).not.toBeInTheDocument();
  expect(fab()).not.toBeInTheDocument();
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('InstallPromptProvider', () => {
  test('holds beforeinstallprompt: nothing at 2999 ms, the modal at 3000 ms', async () => {
    renderWidget();
    expect(fab()).toBeInTheDocument();
    const { event } = installPromptEvent();
    await dispatchOn(window, event);
    expect(event.defaultPrevented).toBe(true);

    await advance(2999);
    expect(modal()).not.toBeInTheDocument();

    await advance(1);
    const dialog = screen.getByRole('dialog', { name: 'Install Agentflow' });
    expect(dialog).toBe(modal());
    expect(fab()).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Works offline - use anywhere',
      'Voice commands on the go',
      'Instant access, no app store needed',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Install Now' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Maybe Later' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // The share-icon hint is for iOS only.
    expect(within(dialog).queryByText(/Add to Home Screen/)).not.toBeInTheDocument();
    expect(event.prompt).not.toHaveBeenCalled();
  });

  test('Maybe Later stores the flag; the Install app bar goes too, and after a reload with the flag neither the modal nor the bar returns', async () => {
    const first = renderWidget();
    await dispatchOn(window, installPromptEvent().event);
    await advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    await settle();
    expect(modal()).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('true');
    expect(fab()).not.toBeInTheDocument();
    first.unmount();

    // Reload: a fresh provider reads the stored flag.
    renderWidget();
    const { event } = installPromptEvent();
    await dispatchOn(window, event);
    expect(event.defaultPrevented).toBe(true);
    await advance(10_000);
    expect(modal()).not.toBeInTheDocument();
    expect(fab()).not.toBeInTheDocument();
    // Another way in (openInstallModal) still opens it on purpose.
    fireEvent.click(screen.getByRole('button', { name: 'open from elsewhere' }));
    await settle();
    expect(modal()).toBeInTheDocument();
  });

  test.each([
    ['the close (X) button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['Escape', () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })],
    [
      'a click outside',
      () => {
        const overlay = document.querySelector('.install-modal-overlay');
        if (!overlay) throw new Error('no overlay');
        fireEvent.pointerDown(overlay, { button: 0 });
        fireEvent.click(overlay);
      },
    ],
  ])('%s closes the modal and stores the dismissed flag', async (_name, close) => {
    renderWidget();
    fireEvent.click(fab()!);
    await settle();
    expect(modal()).toBeInTheDocument();
    // Radix listens for outside pointer events from the next tick on.
    await advance(0);
    close();
    await settle();
    expect(modal()).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('true');
    // Gone for good, bar and all: nothing is left over the page or in its flow.
    expect(fab()).not.toBeInTheDocument();
    expect(screen.queryByTestId('install-bar')).not.toBeInTheDocument();
  });

  test('accepted outcome: prompt() and userChoice are used, then the modal and the floating button disappear for good', async () => {
    renderWidget();
    const { event, choose } = installPromptEvent();
    await dispatchOn(window, event);
    await advance(3000);
    const install = screen.getByRole('button', { name: 'Install Now' });
    fireEvent.click(install);
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await settle();
    // Waiting for the user's choice: the modal stays, Install Now is disabled.
    expect(modal()).toBeInTheDocument();
    expect(install).toBeDisabled();

    choose('accepted');
    await settle();
    expect(modal()).not.toBeInTheDocument();
    expect(fab()).not.toBeInTheDocument();
    expect(screen.getByTestId('hook')).toHaveTextContent('desktop hidden=true installed=true');
    // Remembered, so a reload in the browser tab stays quiet.
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('installed');
    expect(location()).toBe('/');

    await expectStaysQuiet(window, 5000);
  });

  test('dismissed outcome: the modal closes, the used event is dropped, Install Now is remembered (Install Now again shows the instructions)', async () => {
    renderWidget();
    const { event, choose } = installPromptEvent();
    await dispatchOn(window, event);
    await advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Install Now' }));
    choose('dismissed');
    await settle();
    expect(modal()).not.toBeInTheDocument();
    expect(fab()).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('install-requested');

    fireEvent.click(screen.getByRole('button', { name: 'open from elsewhere' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Install Now' }));
    await settle();
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(modal()).not.toBeInTheDocument();
    expect(location()).toBe('/pwa/install-instructions');
  });

  test('a prompt() that rejects counts as dismissed', async () => {
    renderWidget();
    const { event } = installPromptEvent();
    event.prompt.mockRejectedValueOnce(new DOMException('already used', 'InvalidStateError'));
    await dispatchOn(window, event);
    await advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Install Now' }));
    await settle();
    expect(modal()).not.toBeInTheDocument();
    expect(fab()).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('install-requested');
  });

  test('desktop without a held event: no auto-open; the floating button opens it and Install Now goes to the instructions at once', async () => {
    renderWidget();
    await advance(10_000);
    expect(modal()).not.toBeInTheDocument();
    expect(screen.getByTestId('hook')).toHaveTextContent('desktop hidden=false installed=false');
    fireEvent.click(fab()!);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Install Now' }));
    expect(location()).toBe('/pwa/install-instructions');
    await settle();
    expect(modal()).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('install-requested');
    expect(fab()).not.toBeInTheDocument();
  });

  test('Android without a held event: the timer never opens the modal', async () => {
    renderWidget({ win: fakeWindow(ANDROID_UA) });
    await advance(10_000);
    expect(modal()).not.toBeInTheDocument();
    expect(screen.getByTestId('hook')).toHaveTextContent('android hidden=false');
  });

  test('iOS: auto-opens 3 s after load with the share hint; Install Now closes it and navigates only after 300 ms', async () => {
    const win = fakeWindow(IPHONE_UA);
    renderWidget({ win }, { route: '/workflows' });
    expect(screen.getByTestId('hook')).toHaveTextContent('ios hidden=false');
    await advance(2999);
    expect(modal()).not.toBeInTheDocument();
    await advance(1);
    const dialog = modal()!;
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByText('Tap the share icon, then “Add to Home Screen”.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Install Now' }));
    await settle();
    expect(modal()).not.toBeInTheDocument();
    expect(location()).toBe('/workflows');
    await advance(299);
    expect(location()).toBe('/workflows');
    await advance(1);
    expect(location()).toBe('/pwa/install-instructions?platform=ios');
    // Install Now is remembered (issue 25): no Install app bar now, and no modal after a reload.
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('install-requested');
    expect(fab()).not.toBeInTheDocument();
    await advance(10_000);
    expect(modal()).not.toBeInTheDocument();
  });

  test.each([
    ['after Install Now (a reload)', 'install-requested'],
    ['with the dismissed flag', 'true'],
  ])('iOS %s: no auto-open, no Install app bar', async (_when, remembered) => {
    localStorage.setItem(DISMISSED_STORAGE_KEY, remembered);
    renderWidget({ win: fakeWindow(IPHONE_UA) });
    await advance(10_000);
    expect(modal()).not.toBeInTheDocument();
    expect(fab()).not.toBeInTheDocument();
  });

  test('iPadOS in desktop mode is iOS', async () => {
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    renderWidget({ win: fakeWindow(ipad, { maxTouchPoints: 5 }) });
    expect(screen.getByTestId('hook')).toHaveTextContent('ios hidden=false');
  });

  test('unmounting before the iOS redirect cancels it', async () => {
    const handles: Array<{ ms: number }> = [];
    const timers = {
      setTimeout: jest.fn((_callback: () => void, ms: number) => {
        const handle = { ms };
        handles.push(handle);
        return handle;
      }),
      clearTimeout: jest.fn(),
    };
    const { unmount } = renderWidget({ win: fakeWindow(IPHONE_UA), timers });
    fireEvent.click(fab()!);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Install Now' }));
    const redirect = handles.find((handle) => handle.ms === 300);
    expect(redirect).toBeDefined();
    expect(timers.clearTimeout).not.toHaveBeenCalledWith(redirect);
    unmount();
    expect(timers.clearTimeout).toHaveBeenCalledWith(redirect);
  });

  test.each([
    ['display-mode: standalone', fakeWindow(ANDROID_UA, { standalone: true })],
    ['iOS navigator.standalone', Object.assign(fakeWindow(IPHONE_UA), { navigator: { userAgent: IPHONE_UA, maxTouchPoints: 5, standalone: true } })],
  ])('standalone (%s): nothing renders and the install event is left alone', async (_name, win) => {
    renderWidget({ win });
    expect(fab()).not.toBeInTheDocument();
    expect(screen.getByTestId('hook')).toHaveTextContent('hidden=true');
    await expectStaysQuiet(win, 10_000);
  });

  test('appinstalled hides the widget, even with the modal open', async () => {
    renderWidget();
    fireEvent.click(fab()!);
    await settle();
    expect(modal()).toBeInTheDocument();
    await dispatchOn(window, new Event('appinstalled'));
    await settle();
    expect(modal()).not.toBeInTheDocument();
    expect(fab()).not.toBeInTheDocument();
    expect(screen.getByTestId('hook')).toHaveTextContent('installed=true');
  });

  test('the Install app bar comes before the page content in the document (in the flow above it, never over it)', async () => {
    renderWidget();
    const bar = screen.getByTestId('install-bar');
    expect(bar).toContainElement(fab());
    expect(bar).toHaveTextContent('Works offline - use anywhere');
    expect(bar.compareDocumentPosition(screen.getByTestId('hook')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('openInstallModal() from another component opens the modal', async () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'open from elsewhere' }));
    await settle();
    expect(modal()).toBeInTheDocument();
  });

  test('injected storage and timers are used instead of the globals', async () => {
    const storage = { getItem: jest.fn(() => null), setItem: jest.fn() };
    const pending: Array<{ callback: () => void; ms: number }> = [];
    const timers = { setTimeout: jest.fn((callback: () => void, ms: number) => pending.push({ callback, ms })), clearTimeout: jest.fn() };
    renderWidget({ win: fakeWindow(IPHONE_UA), storage, timers });
    expect(storage.getItem).toHaveBeenCalledWith(DISMISSED_STORAGE_KEY);
    expect(pending.map((timer) => timer.ms)).toEqual([3000]);
    await act(async () => pending[0]!.callback());
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(storage.setItem).toHaveBeenCalledWith(DISMISSED_STORAGE_KEY, 'true');
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBeNull();
  });

  test('storage that throws does not break the widget', async () => {
    const storage = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    renderWidget({ storage });
    fireEvent.click(fab()!);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    await settle();
    expect(modal()).not.toBeInTheDocument();
  });

  test('speaks the current language', async () => {
    renderWidget({ win: fakeWindow(IPHONE_UA) }, { language: 'de' });
    expect(fab()).toHaveTextContent(CATALOGS.de.install.openWidget);
    await advance(3000);
    expect(screen.getByRole('dialog', { name: CATALOGS.de.install.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CATALOGS.de.install.close })).toBeInTheDocument();
    expect(screen.getByText(CATALOGS.de.install.iosHint)).toBeInTheDocument();
  });

  test('useInstallPrompt() throws outside the provider', () => {
    expectRefusedOutsideProvider(useInstallPrompt, 'useInstallPrompt must be used within an InstallPromptProvider');
  });
});
