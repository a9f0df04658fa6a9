// Signing a visitor in when a chat app requires it (issue 23). The hosted
// chat page (platform-api's own origin) signs the visitor in with the
// platform's Firebase Auth through its REST API (Identity Toolkit:
// accounts:signInWithPassword, which the Auth emulator serves too) and opens
// the conversation with the ID token. The widget never asks for a password on
// somebody else's website (its scripts could read it): it links to the hosted
// page instead. Pure: no Node, no Firebase SDK (the widget stays small).

/** Google's Identity Toolkit, where Firebase Auth's REST API lives in production. */
export const IDENTITY_TOOLKIT_URL = 'https://identitytoolkit.googleapis.com';

export interface VisitorSignInConfig {
  /** The Firebase web API key (a public identifier: every browser of the app has it). */
  apiKey: string;
  /** Identity Toolkit's base: Google's, or the Auth emulator's `http://host:port/identitytoolkit.googleapis.com`. */
  authUrl: string;
}

const API_KEY = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The sign-in settings from the browser's runtime config (buildAppConfig): the
 * emulator's Identity Toolkit when the stack runs on it. null when the key or
 * the emulator address is not something a page attribute may carry.
 */
export function visitorSignInConfig(config: { firebase: { apiKey: string }; emulators: { auth: string | null } }): VisitorSignInConfig | null {
  if (!API_KEY.test(config.firebase.apiKey)) return null;
  if (!config.emulators.auth) return { apiKey: config.firebase.apiKey, authUrl: IDENTITY_TOOLKIT_URL };
  let emulator: URL;
  try {
    emulator = new URL(config.emulators.auth);
  } catch {
    return null;
  }
  if (emulator.protocol !== 'http:' && emulator.protocol !== 'https:') return null;
  return { apiKey: config.firebase.apiKey, authUrl: `${emulator.origin}/identitytoolkit.googleapis.com` };
}

/** Where the page posts {email, password, returnSecureToken: true} for an ID token. */
export function signInWithPasswordUrl(config: VisitorSignInConfig): string {
  return `${config.authUrl.replace(/\/$/, '')}/v1/accounts:signInWithPassword?key=${encodeURIComponent(config.apiKey)}`;
}

/** Firebase Auth's REST error messages (`error.message`, e.g. "INVALID_LOGIN_CREDENTIALS") as what a visitor is told. */
export function visitorSignInFailure(message: unknown): 'signInFailed' | 'signInBlocked' {
  return typeof message === 'string' && (message.startsWith('TOO_MANY_ATTEMPTS') || message === 'USER_DISABLED') ? 'signInBlocked' : 'signInFailed';
}
