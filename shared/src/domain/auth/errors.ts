// Firebase Auth failures as sentences a person understands. The codes are
// Firebase's; the result is an i18n key under auth.reasons.
export type AuthReasonKey =
  | 'auth.reasons.wrongCredentials'
  | 'auth.reasons.emailInUse'
  | 'auth.reasons.weakPassword'
  | 'auth.reasons.invalidEmail'
  | 'auth.reasons.popupClosed'
  | 'auth.reasons.popupBlocked'
  | 'auth.reasons.tooManyRequests'
  | 'auth.reasons.network'
  | 'auth.reasons.userDisabled'
  | 'auth.reasons.methodDisabled'
  | 'auth.reasons.recentLoginRequired'
  | 'auth.reasons.notConfigured'
  | 'auth.reasons.unknown';

const REASONS: Record<string, AuthReasonKey> = {
  'auth/wrong-password': 'auth.reasons.wrongCredentials',
  'auth/invalid-credential': 'auth.reasons.wrongCredentials',
  'auth/invalid-login-credentials': 'auth.reasons.wrongCredentials',
  // Not revealing which e-mails have accounts: same sentence as a wrong password.
  'auth/user-not-found': 'auth.reasons.wrongCredentials',
  'auth/email-already-in-use': 'auth.reasons.emailInUse',
  'auth/weak-password': 'auth.reasons.weakPassword',
  'auth/invalid-email': 'auth.reasons.invalidEmail',
  'auth/missing-email': 'auth.reasons.invalidEmail',
  'auth/popup-closed-by-user': 'auth.reasons.popupClosed',
  'auth/cancelled-popup-request': 'auth.reasons.popupClosed',
  'auth/user-cancelled': 'auth.reasons.popupClosed',
  'auth/popup-blocked': 'auth.reasons.popupBlocked',
  'auth/too-many-requests': 'auth.reasons.tooManyRequests',
  'auth/network-request-failed': 'auth.reasons.network',
  'auth/user-disabled': 'auth.reasons.userDisabled',
  'auth/operation-not-allowed': 'auth.reasons.methodDisabled',
  'auth/requires-recent-login': 'auth.reasons.recentLoginRequired',
  'agentflow/demo-not-configured': 'auth.reasons.notConfigured',
};

export function authErrorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
}

export function authReasonKey(error: unknown): AuthReasonKey {
  return REASONS[authErrorCode(error)] ?? 'auth.reasons.unknown';
}

/** An error that already carries the message to show (the provider rethrows these). */
export class AuthActionError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'AuthActionError';
  }
}
