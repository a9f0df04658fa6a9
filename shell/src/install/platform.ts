// Where the app runs, for the install widget: which install path the device
// has (iOS Safari's Add to Home Screen, or the browser's install prompt) and
// whether the app already runs installed.

export type DevicePlatform = 'ios' | 'android' | 'desktop';

/**
 * The install path a user agent gets. iPhone, iPad and iPod are iOS, and so
 * is iPadOS 13+, which asks for desktop sites and reports "Macintosh" (a Mac
 * has no touch screen: maxTouchPoints is 0 there, 5 on an iPad). Anything
 * with "Android" is Android; everything else is a desktop browser.
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): DevicePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

/** The parts of `window` the standalone check reads (jsdom has no matchMedia). */
export interface StandaloneProbe {
  matchMedia?: ((query: string) => { matches: boolean }) | undefined;
  /** Read for iOS Safari's non-standard `standalone` flag. */
  navigator: object;
}

/**
 * True when the page runs as an installed app: the display-mode media query
 * (Chromium, Firefox, Safari 16.4+) or iOS Safari's own `navigator.standalone`.
 */
export function isStandalone(win: StandaloneProbe): boolean {
  if ((win.navigator as { standalone?: unknown }).standalone === true) return true;
  if (typeof win.matchMedia !== 'function') return false;
  try {
    return win.matchMedia('(display-mode: standalone)').matches;
  } catch {
    return false;
  }
}
