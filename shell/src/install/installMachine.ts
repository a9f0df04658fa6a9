// The install widget's state machine: a pure reducer. It never touches
// timers, storage, the router or the held event; it returns the next state,
// and InstallPromptProvider performs the effects that state asks for (it
// starts the auto-open timer while `autoOpenArmed`, stores the dismissed flag
// when it sends `dismissed`, and uses `installActionFor` to learn what Install
// Now does before it sends `installRequested`).
import type { DevicePlatform } from './platform';

/** The modal opens this long after a `beforeinstallprompt` is held (on iOS: after load). */
export const PROMPT_DELAY_MS = 3000;
/** On iOS, Install Now lets the modal close for this long before it shows the instructions. */
export const IOS_REDIRECT_DELAY_MS = 300;
/**
 * localStorage key: once set, the widget has had its answer and stays out of
 * the way: the modal never opens by itself again and the Install app button
 * is gone. Set by Maybe Later ('true'), by Install Now ('install-requested':
 * on iOS it only shows the steps, and nothing says whether they were
 * followed) and by an install ('installed').
 */
export const DISMISSED_STORAGE_KEY = 'pwa-prompt-dismissed';
export type HandledReason = 'true' | 'install-requested' | 'installed';
export const INSTALL_INSTRUCTIONS_PATH = '/pwa/install-instructions';
export const IOS_INSTALL_INSTRUCTIONS_PATH = `${INSTALL_INSTRUCTIONS_PATH}?platform=ios`;

export type InstallOutcome = 'accepted' | 'dismissed';

/** What the reducer keeps of a held `beforeinstallprompt` event: it can prompt once. */
export interface HeldPrompt {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: InstallOutcome; platform?: string }>;
}

/** Chromium's `beforeinstallprompt` event (TypeScript's DOM library does not declare it). */
export interface BeforeInstallPromptEvent extends Event, HeldPrompt {
  readonly platforms?: readonly string[];
}

/**
 * pending: before `init`. standalone: running as the installed app (hidden
 * for good). available: the widget is live. installed: the user installed it
 * during this visit (hidden for good).
 */
export type InstallStatus = 'pending' | 'standalone' | 'available' | 'installed';

export interface InstallState {
  status: InstallStatus;
  platform: DevicePlatform;
  /** The dismissed flag is stored: no auto-open. */
  dismissed: boolean;
  /** The held `beforeinstallprompt` event, until it has been used. */
  heldPrompt: HeldPrompt | null;
  modalOpen: boolean;
  /** The modal has been open during this page load, so it does not open by itself again. */
  shown: boolean;
  /** The browser's install prompt is up; Install Now waits for its outcome. */
  prompting: boolean;
}

export type InstallEvent =
  | { type: 'init'; platform: DevicePlatform; standalone: boolean; dismissed: boolean }
  | { type: 'promptHeld'; prompt: HeldPrompt }
  | { type: 'timerElapsed' }
  | { type: 'openRequested' }
  | { type: 'dismissed' }
  /** The modal's chunk failed to load: it closes for now, nothing is remembered. */
  | { type: 'modalFailed' }
  | { type: 'installRequested' }
  | { type: 'installOutcome'; outcome: InstallOutcome }
  | { type: 'appInstalled' };

export const INITIAL_INSTALL_STATE: InstallState = {
  status: 'pending',
  platform: 'desktop',
  dismissed: false,
  heldPrompt: null,
  modalOpen: false,
  shown: false,
  prompting: false,
};

/**
 * What Install Now does in this state: show the iOS instructions (after the
 * modal has closed), show the generic instructions (no held event), run the
 * held event's prompt, or nothing (widget hidden, or a prompt is already up).
 */
export type InstallAction = 'ios-instructions' | 'instructions' | 'prompt' | 'none';

export function installActionFor(state: InstallState): InstallAction {
  if (state.status !== 'available' || state.prompting) return 'none';
  if (state.platform === 'ios') return 'ios-instructions';
  return state.heldPrompt ? 'prompt' : 'instructions';
}

/** The route Install Now navigates to for an instructions action. */
export function instructionsPathFor(action: InstallAction): string | null {
  if (action === 'ios-instructions') return IOS_INSTALL_INSTRUCTIONS_PATH;
  if (action === 'instructions') return INSTALL_INSTRUCTIONS_PATH;
  return null;
}

export interface InstallView {
  /** Nothing renders: standalone, installed, or not initialised yet. */
  widgetHidden: boolean;
  modalOpen: boolean;
  floatingButtonVisible: boolean;
  /** The auto-open timer should run: not dismissed, not shown yet, and something to offer (a held event, or iOS). */
  autoOpenArmed: boolean;
  /** The browser's install prompt is up. */
  installBusy: boolean;
  installed: boolean;
}

export function deriveInstallView(state: InstallState): InstallView {
  const widgetHidden = state.status !== 'available';
  const modalOpen = !widgetHidden && state.modalOpen;
  return {
    widgetHidden,
    modalOpen,
    // Once answered (dismissed, Install Now, installed) the button stays away too.
    floatingButtonVisible: !widgetHidden && !modalOpen && !state.dismissed,
    autoOpenArmed: !widgetHidden && !state.dismissed && !state.shown && (state.platform === 'ios' || state.heldPrompt !== null),
    installBusy: !widgetHidden && state.prompting,
    installed: state.status === 'installed',
  };
}

const open = (state: InstallState): InstallState => (state.modalOpen ? state : { ...state, modalOpen: true, shown: true });

/** Leaves the widget for good: installed, nothing open, the event released. */
const installed = (state: InstallState): InstallState => ({ ...state, status: 'installed', modalOpen: false, heldPrompt: null, prompting: false });

export function installReducer(state: InstallState, event: InstallEvent): InstallState {
  if (event.type === 'init') {
    if (state.status !== 'pending') return state;
    if (event.standalone) return { ...INITIAL_INSTALL_STATE, status: 'standalone', platform: event.platform };
    return { ...state, status: 'available', platform: event.platform, dismissed: event.dismissed };
  }
  // Standalone and installed are final; before init there is nothing to act on.
  if (state.status !== 'available') return state;

  switch (event.type) {
    case 'promptHeld':
      // A prompt that is up keeps its event until the outcome arrives.
      return state.prompting ? state : { ...state, heldPrompt: event.prompt };
    case 'timerElapsed':
      return deriveInstallView(state).autoOpenArmed ? open(state) : state;
    case 'openRequested':
      return open(state);
    case 'dismissed':
      return { ...state, modalOpen: false, dismissed: true };
    case 'modalFailed':
      return { ...state, modalOpen: false };
    case 'installRequested': {
      // Install Now is an answer too: remembered like Maybe Later (the provider stores it).
      const action = installActionFor(state);
      if (action === 'none') return state;
      if (action === 'prompt') return { ...state, prompting: true, dismissed: true };
      return { ...state, modalOpen: false, dismissed: true };
    }
    case 'installOutcome':
      if (event.outcome === 'accepted') return installed(state);
      // An event prompts only once: drop it whatever the user chose.
      return { ...state, modalOpen: false, heldPrompt: null, prompting: false };
    case 'appInstalled':
      return installed(state);
    default:
      return state;
  }
}
