// The install widget: holds the browser's `beforeinstallprompt`, opens the
// install modal a few seconds later (on iOS, where that event never fires, a
// few seconds after load), shows an "Install app" bar above the page on small
// screens, and stays away for good once answered: when the app runs
// standalone, gets installed, or the user chose Install Now or Maybe Later
// (remembered across reloads). The state lives in installMachine (pure); this
// component performs the effects: window events, timers, storage and navigation.
import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { createRequiredContext, useI18n, useNavigate } from '@agentflow/shared';
import {
  type BeforeInstallPromptEvent,
  deriveInstallView,
  DISMISSED_STORAGE_KEY,
  type HandledReason,
  type HeldPrompt,
  type InstallEvent,
  type InstallOutcome,
  INITIAL_INSTALL_STATE,
  installActionFor,
  installReducer,
  instructionsPathFor,
  IOS_REDIRECT_DELAY_MS,
  PROMPT_DELAY_MS,
} from './installMachine';
import { detectPlatform, type DevicePlatform, isStandalone, type StandaloneProbe } from './platform';

// The modal and Radix load only when the modal first opens (never during the
// first view, not even when the browser offers an install early).
const InstallModal = lazy(() => import('./InstallModal').then((module) => ({ default: module.InstallModal })));

/** The parts of `window` the widget uses. */
export interface InstallWindow extends StandaloneProbe {
  navigator: { userAgent: string; maxTouchPoints?: number; standalone?: boolean };
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export type InstallStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface InstallTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface InstallPromptProviderProps {
  children?: ReactNode;
  /** Default: the real `window`. */
  win?: InstallWindow;
  /** Default: `window.localStorage` (null when storage is unavailable, e.g. blocked cookies). */
  storage?: InstallStorage | null;
  /** Default: the global setTimeout/clearTimeout (read at call time, so Jest's fake timers apply). */
  timers?: InstallTimers;
}

export interface InstallPromptContextValue {
  platform: DevicePlatform;
  /** True when nothing of the widget shows: running standalone, or installed during this visit. */
  widgetHidden: boolean;
  /** Installed during this visit (the browser said 'accepted', or `appinstalled` fired). */
  installed: boolean;
  /** Opens the install modal (does nothing while the widget is hidden). */
  openInstallModal: () => void;
}

const [InstallPromptContext, useInstallPromptContext] = createRequiredContext<InstallPromptContextValue>('useInstallPrompt', 'InstallPromptProvider');

/** The install widget's state for other components (e.g. an "Install" link). Throws outside InstallPromptProvider. */
export function useInstallPrompt(): InstallPromptContextValue {
  return useInstallPromptContext();
}

/**
 * A modal chunk that fails to load (offline, new deploy) must not bring up
 * the page's error screen: it renders nothing and reports, so the provider
 * closes the modal (for this visit) and the floating button comes back.
 */
class ModalBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const GLOBAL_TIMERS: InstallTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function globalWindow(): InstallWindow | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as InstallWindow);
}

function globalStorage(): InstallStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Accessing localStorage throws when the browser blocks site data.
  }
}

function readDismissed(storage: InstallStorage | null): boolean {
  try {
    return storage?.getItem(DISMISSED_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}

function storeHandled(storage: InstallStorage | null, reason: HandledReason): void {
  try {
    storage?.setItem(DISMISSED_STORAGE_KEY, reason);
  } catch {
    // Quota or privacy mode: the modal may auto-open again next visit, nothing worse.
  }
}

async function runPrompt(prompt: HeldPrompt, dispatch: (event: InstallEvent) => void): Promise<void> {
  let outcome: InstallOutcome = 'dismissed';
  try {
    await prompt.prompt();
    outcome = (await prompt.userChoice).outcome === 'accepted' ? 'accepted' : 'dismissed';
  } catch {
    // prompt() rejects when the event was already used; treat it as not installed.
  }
  dispatch({ type: 'installOutcome', outcome });
}

export function InstallPromptProvider({ children, win = globalWindow(), storage = globalStorage(), timers = GLOBAL_TIMERS }: InstallPromptProviderProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(installReducer, INITIAL_INSTALL_STATE, (initial) =>
    win
      ? installReducer(initial, {
          type: 'init',
          platform: detectPlatform(win.navigator.userAgent ?? '', win.navigator.maxTouchPoints ?? 0),
          standalone: isStandalone(win),
          dismissed: readDismissed(storage),
        })
      : initial,
  );
  const view = deriveInstallView(state);

  // Hold the install event (no mini-infobar) and notice installs from the browser's own UI.
  useEffect(() => {
    if (!win || view.widgetHidden) return undefined;
    const onBeforeInstallPrompt = (event: Event) => {
      event.preventDefault();
      dispatch({ type: 'promptHeld', prompt: event as BeforeInstallPromptEvent });
    };
    const onAppInstalled = () => dispatch({ type: 'appInstalled' });
    win.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
    win.addEventListener('appinstalled', onAppInstalled);
    return () => {
      win.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
      win.removeEventListener('appinstalled', onAppInstalled);
    };
  }, [win, view.widgetHidden]);

  // Auto-open: PROMPT_DELAY_MS after the widget has something to offer.
  useEffect(() => {
    if (!view.autoOpenArmed) return undefined;
    const handle = timers.setTimeout(() => dispatch({ type: 'timerElapsed' }), PROMPT_DELAY_MS);
    return () => timers.clearTimeout(handle);
  }, [timers, view.autoOpenArmed]);

  // The iOS instructions redirect waits for the modal to close; cancel it on unmount.
  const redirectTimer = useRef<{ handle: unknown } | null>(null);
  useEffect(
    () => () => {
      if (redirectTimer.current) timers.clearTimeout(redirectTimer.current.handle);
      redirectTimer.current = null;
    },
    [timers],
  );

  // Installed (the browser said so): remembered, so a reload in the browser tab stays quiet too.
  useEffect(() => {
    if (view.installed) storeHandled(storage, 'installed');
  }, [view.installed, storage]);

  const openInstallModal = useCallback(() => dispatch({ type: 'openRequested' }), []);

  const dismiss = useCallback(() => {
    storeHandled(storage, 'true');
    dispatch({ type: 'dismissed' });
  }, [storage]);

  // Not persisted: a failed chunk says nothing about the user's wishes.
  const closeAfterLoadError = useCallback(() => dispatch({ type: 'modalFailed' }), []);

  const install = useCallback(() => {
    const action = installActionFor(state);
    const held = state.heldPrompt;
    // Install Now is remembered at once: on iOS it only shows the steps, and
    // the page reloads (or the user comes back) before anything else is known.
    if (action !== 'none') storeHandled(storage, 'install-requested');
    dispatch({ type: 'installRequested' });
    const path = instructionsPathFor(action);
    if (action === 'ios-instructions' && path) {
      if (redirectTimer.current) timers.clearTimeout(redirectTimer.current.handle);
      const pending = {
        handle: timers.setTimeout(() => {
          if (redirectTimer.current === pending) redirectTimer.current = null;
          void navigate(path);
        }, IOS_REDIRECT_DELAY_MS),
      };
      redirectTimer.current = pending;
    } else if (action === 'instructions' && path) {
      void navigate(path);
    } else if (action === 'prompt' && held) {
      // prompt() runs synchronously inside the click, as the browser requires a user gesture.
      void runPrompt(held, dispatch);
    }
  }, [state, timers, navigate, storage]);

  const contextValue = useMemo<InstallPromptContextValue>(
    () => ({ platform: state.platform, widgetHidden: view.widgetHidden, installed: view.installed, openInstallModal }),
    [state.platform, view.widgetHidden, view.installed, openInstallModal],
  );

  return (
    <InstallPromptContext.Provider value={contextValue}>
      {/* Phones: a bar in the flow above the page (styles.css), like a smart app
          banner: it scrolls away with the page and never lies over its content. */}
      {view.floatingButtonVisible && (
        <div className="install-bar" data-testid="install-bar">
          <span className="install-bar-text">{t('install.benefitOffline')}</span>
          <button type="button" className="install-fab button button-primary" data-testid="install-fab" onClick={openInstallModal}>
            {t('install.openWidget')}
          </button>
        </div>
      )}
      {children}
      {view.modalOpen && (
        <ModalBoundary onError={closeAfterLoadError}>
          <Suspense fallback={null}>
            <InstallModal open platform={state.platform} busy={view.installBusy} onInstall={install} onDismiss={dismiss} />
          </Suspense>
        </ModalBoundary>
      )}
    </InstallPromptContext.Provider>
  );
}
