import {
  deriveInstallView,
  type HeldPrompt,
  type InstallEvent,
  INITIAL_INSTALL_STATE,
  installActionFor,
  installReducer,
  type InstallState,
  instructionsPathFor,
} from './installMachine';
import type { DevicePlatform } from './platform';

const heldPrompt = (): HeldPrompt => ({ prompt: jest.fn(async () => undefined), userChoice: Promise.resolve({ outcome: 'accepted' as const }) });

const run = (events: InstallEvent[], from: InstallState = INITIAL_INSTALL_STATE): InstallState => events.reduce(installReducer, from);

const init = (platform: DevicePlatform, options: { standalone?: boolean; dismissed?: boolean } = {}): InstallEvent => ({
  type: 'init',
  platform,
  standalone: options.standalone ?? false,
  dismissed: options.dismissed ?? false,
});

const EVERY_EVENT: InstallEvent[] = [
  { type: 'promptHeld', prompt: heldPrompt() },
  { type: 'timerElapsed' },
  { type: 'openRequested' },
  { type: 'installRequested' },
  { type: 'installOutcome', outcome: 'dismissed' },
  { type: 'installOutcome', outcome: 'accepted' },
  { type: 'dismissed' },
  { type: 'modalFailed' },
  { type: 'appInstalled' },
];

describe('installReducer', () => {
  describe('init', () => {
    test('before init the widget is hidden and ignores every event', () => {
      expect(deriveInstallView(INITIAL_INSTALL_STATE).widgetHidden).toBe(true);
      for (const event of EVERY_EVENT) expect(installReducer(INITIAL_INSTALL_STATE, event)).toBe(INITIAL_INSTALL_STATE);
    });

    test('a browser tab: available, floating button visible, modal closed', () => {
      const state = run([init('android')]);
      expect(state).toMatchObject({ status: 'available', platform: 'android', dismissed: false, modalOpen: false });
      expect(deriveInstallView(state)).toMatchObject({ widgetHidden: false, modalOpen: false, floatingButtonVisible: true, autoOpenArmed: false });
    });

    test('the stored dismissed flag is kept', () => {
      expect(run([init('desktop', { dismissed: true })]).dismissed).toBe(true);
    });

    test('init happens once', () => {
      const state = run([init('ios')]);
      expect(installReducer(state, init('desktop', { standalone: true }))).toBe(state);
    });
  });

  describe('standalone', () => {
    test.each<DevicePlatform>(['ios', 'android', 'desktop'])('%s standalone → hidden forever, whatever happens next', (platform) => {
      let state = run([init(platform, { standalone: true })]);
      expect(state.status).toBe('standalone');
      for (const event of EVERY_EVENT) {
        state = installReducer(state, event);
        expect(state.status).toBe('standalone');
        expect(deriveInstallView(state)).toMatchObject({ widgetHidden: true, modalOpen: false, floatingButtonVisible: false, autoOpenArmed: false });
      }
      expect(state.heldPrompt).toBeNull();
    });
  });

  describe('auto-open', () => {
    test('desktop/android: a held event arms the timer, and its end opens the modal', () => {
      for (const platform of ['desktop', 'android'] as const) {
        const armed = run([init(platform), { type: 'promptHeld', prompt: heldPrompt() }]);
        expect(deriveInstallView(armed).autoOpenArmed).toBe(true);
        expect(deriveInstallView(armed).modalOpen).toBe(false);
        const opened = installReducer(armed, { type: 'timerElapsed' });
        expect(deriveInstallView(opened)).toMatchObject({ modalOpen: true, floatingButtonVisible: false, autoOpenArmed: false });
      }
    });

    test('desktop/android: the timer without a held event does nothing', () => {
      for (const platform of ['desktop', 'android'] as const) {
        const state = run([init(platform)]);
        expect(deriveInstallView(state).autoOpenArmed).toBe(false);
        expect(installReducer(state, { type: 'timerElapsed' })).toBe(state);
      }
    });

    test('iOS: armed from load (no event ever fires) and the timer opens the modal', () => {
      const state = run([init('ios')]);
      expect(deriveInstallView(state).autoOpenArmed).toBe(true);
      expect(deriveInstallView(installReducer(state, { type: 'timerElapsed' })).modalOpen).toBe(true);
    });

    test('the dismissed flag suppresses auto-open (held event or iOS)', () => {
      const desktop = run([init('desktop', { dismissed: true }), { type: 'promptHeld', prompt: heldPrompt() }]);
      const ios = run([init('ios', { dismissed: true })]);
      for (const state of [desktop, ios]) {
        expect(deriveInstallView(state).autoOpenArmed).toBe(false);
        expect(installReducer(state, { type: 'timerElapsed' })).toBe(state);
      }
    });

    test('the stored flag hides the Install app button too (issue 25); openInstallModal() from elsewhere still opens the modal', () => {
      const state = run([init('desktop', { dismissed: true }), { type: 'promptHeld', prompt: heldPrompt() }]);
      expect(deriveInstallView(state).floatingButtonVisible).toBe(false);
      const opened = installReducer(state, { type: 'openRequested' });
      expect(deriveInstallView(opened)).toMatchObject({ modalOpen: true, floatingButtonVisible: false });
    });

    test('auto-open happens at most once per page load', () => {
      // Opened by the floating button before the timer ended: the timer is disarmed.
      const manual = run([init('ios'), { type: 'openRequested' }]);
      expect(deriveInstallView(manual).autoOpenArmed).toBe(false);
      // Install Now on iOS closed it: it does not open again by itself.
      const afterInstall = run([{ type: 'installRequested' }, { type: 'timerElapsed' }], manual);
      expect(deriveInstallView(afterInstall).modalOpen).toBe(false);
      // A new event after the browser prompt was dismissed does not re-arm either.
      const reheld = run([
        init('android'),
        { type: 'promptHeld', prompt: heldPrompt() },
        { type: 'timerElapsed' },
        { type: 'installRequested' },
        { type: 'installOutcome', outcome: 'dismissed' },
        { type: 'promptHeld', prompt: heldPrompt() },
      ]);
      expect(deriveInstallView(reheld).autoOpenArmed).toBe(false);
      expect(deriveInstallView(installReducer(reheld, { type: 'timerElapsed' })).modalOpen).toBe(false);
    });
  });

  describe('open and dismiss', () => {
    test('openRequested opens on every platform, even without a held event', () => {
      for (const platform of ['ios', 'android', 'desktop'] as const) {
        expect(deriveInstallView(run([init(platform), { type: 'openRequested' }])).modalOpen).toBe(true);
      }
    });

    test('openRequested while open changes nothing', () => {
      const open = run([init('desktop'), { type: 'openRequested' }]);
      expect(installReducer(open, { type: 'openRequested' })).toBe(open);
    });

    test('dismissed closes the modal, records the flag, keeps the held event, and the Install app button stays away (issue 25)', () => {
      const prompt = heldPrompt();
      const state = run([init('desktop'), { type: 'promptHeld', prompt }, { type: 'timerElapsed' }, { type: 'dismissed' }]);
      expect(state).toMatchObject({ modalOpen: false, dismissed: true, heldPrompt: prompt });
      expect(deriveInstallView(state)).toMatchObject({ modalOpen: false, floatingButtonVisible: false, autoOpenArmed: false });
    });

    test('a modal that failed to load closes without recording anything: the Install app button comes back', () => {
      const state = run([init('desktop'), { type: 'openRequested' }, { type: 'modalFailed' }]);
      expect(state).toMatchObject({ modalOpen: false, dismissed: false });
      expect(deriveInstallView(state).floatingButtonVisible).toBe(true);
    });
  });

  describe('install', () => {
    test('iOS: Install Now closes the modal (the provider redirects to the iOS instructions)', () => {
      const open = run([init('ios'), { type: 'timerElapsed' }]);
      expect(installActionFor(open)).toBe('ios-instructions');
      expect(instructionsPathFor('ios-instructions')).toBe('/pwa/install-instructions?platform=ios');
      const state = installReducer(open, { type: 'installRequested' });
      // Install Now is remembered like an answer (issue 25): no auto-open, no Install app button.
      expect(deriveInstallView(state)).toMatchObject({ modalOpen: false, floatingButtonVisible: false, widgetHidden: false, autoOpenArmed: false });
      expect(state.dismissed).toBe(true);
    });

    test.each<DevicePlatform>(['android', 'desktop'])('%s without a held event: Install Now closes (the provider shows the instructions)', (platform) => {
      const open = run([init(platform), { type: 'openRequested' }]);
      expect(installActionFor(open)).toBe('instructions');
      expect(instructionsPathFor('instructions')).toBe('/pwa/install-instructions');
      expect(deriveInstallView(installReducer(open, { type: 'installRequested' })).modalOpen).toBe(false);
    });

    test('with a held event: Install Now prompts and keeps the modal open (busy) until the outcome', () => {
      const open = run([init('android'), { type: 'promptHeld', prompt: heldPrompt() }, { type: 'timerElapsed' }]);
      expect(installActionFor(open)).toBe('prompt');
      expect(instructionsPathFor('prompt')).toBeNull();
      const prompting = installReducer(open, { type: 'installRequested' });
      expect(prompting.prompting).toBe(true);
      expect(deriveInstallView(prompting)).toMatchObject({ modalOpen: true, installBusy: true });
      // A second click while the prompt is up does nothing.
      expect(installActionFor(prompting)).toBe('none');
      expect(installReducer(prompting, { type: 'installRequested' })).toBe(prompting);
      // A new event while prompting does not replace the one in use.
      expect(installReducer(prompting, { type: 'promptHeld', prompt: heldPrompt() })).toBe(prompting);
    });

    test('outcome accepted: installed, the widget hidden entirely (floating button too), for good', () => {
      let state = run([
        init('desktop'),
        { type: 'promptHeld', prompt: heldPrompt() },
        { type: 'timerElapsed' },
        { type: 'installRequested' },
        { type: 'installOutcome', outcome: 'accepted' },
      ]);
      expect(state).toMatchObject({ status: 'installed', heldPrompt: null, prompting: false });
      expect(deriveInstallView(state)).toMatchObject({ installed: true, widgetHidden: true, modalOpen: false, floatingButtonVisible: false });
      for (const event of EVERY_EVENT) state = installReducer(state, event);
      expect(deriveInstallView(state)).toMatchObject({ installed: true, widgetHidden: true, modalOpen: false, floatingButtonVisible: false });
      expect(installActionFor(state)).toBe('none');
    });

    test('outcome dismissed: the modal closes and the used event is dropped', () => {
      const state = run([
        init('android'),
        { type: 'promptHeld', prompt: heldPrompt() },
        { type: 'openRequested' },
        { type: 'installRequested' },
        { type: 'installOutcome', outcome: 'dismissed' },
      ]);
      expect(state).toMatchObject({ status: 'available', heldPrompt: null, prompting: false, modalOpen: false, dismissed: true });
      expect(deriveInstallView(state)).toMatchObject({ floatingButtonVisible: false, widgetHidden: false, installBusy: false });
      // Without an event, Install Now now leads to the instructions.
      expect(installActionFor(installReducer(state, { type: 'openRequested' }))).toBe('instructions');
    });

    test('Escape while the browser prompt is up, then the outcome arrives', () => {
      const state = run([
        init('desktop'),
        { type: 'promptHeld', prompt: heldPrompt() },
        { type: 'openRequested' },
        { type: 'installRequested' },
        { type: 'dismissed' },
      ]);
      expect(state).toMatchObject({ modalOpen: false, dismissed: true, prompting: true });
      expect(run([{ type: 'installOutcome', outcome: 'accepted' }], state).status).toBe('installed');
      expect(run([{ type: 'installOutcome', outcome: 'dismissed' }], state)).toMatchObject({ status: 'available', heldPrompt: null, prompting: false });
    });
  });

  describe('appInstalled', () => {
    test.each([
      ['modal closed', [] as InstallEvent[]],
      ['modal open', [{ type: 'openRequested' }] as InstallEvent[]],
      ['while prompting', [{ type: 'promptHeld', prompt: heldPrompt() }, { type: 'openRequested' }, { type: 'installRequested' }] as InstallEvent[]],
    ])('%s → installed and hidden', (_name, before) => {
      const state = run([init('desktop'), ...before, { type: 'appInstalled' }]);
      expect(state).toMatchObject({ status: 'installed', modalOpen: false, heldPrompt: null, prompting: false });
      expect(deriveInstallView(state)).toMatchObject({ installed: true, widgetHidden: true, floatingButtonVisible: false, modalOpen: false });
    });
  });

  test('the reducer is pure: it never mutates the state it gets', () => {
    const state = Object.freeze(run([init('android'), { type: 'promptHeld', prompt: heldPrompt() }]));
    const snapshot = { ...state };
    for (const event of EVERY_EVENT) installReducer(state, event);
    expect(state).toEqual(snapshot);
  });
});
