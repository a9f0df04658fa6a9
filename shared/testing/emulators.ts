// Test helpers for the Firebase emulators (test code only, never shipped).
import { DEFAULT_PROJECT_ID } from '../src/domain/federation/runtimeConfig.js';

export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || process.env.GCLOUD_PROJECT || DEFAULT_PROJECT_ID;

export function emulatorHosts(): { firestore: string; auth: string } {
  const firestore = process.env.FIRESTORE_EMULATOR_HOST;
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!firestore || !auth) {
    throw new Error(
      'These tests need the Firebase emulators: run them with `npm test` (which wraps them in firebase emulators:exec), ' +
        'or set FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST.',
    );
  }
  return { firestore, auth };
}

export interface EmulatorUser {
  uid: string;
  email: string;
  idToken: string;
}

let counter = 0;

/** Signs a new account up through the Auth emulator's REST API, as a browser would. */
export async function signUpEmulatorUser(email = `user${Date.now()}-${counter++}@example.com`, password = 'correct-horse-42'): Promise<EmulatorUser> {
  const { auth } = emulatorHosts();
  const response = await fetch(`http://${auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: { message: string } };
  if (!response.ok || !body.localId || !body.idToken) {
    throw new Error(`Emulator sign-up failed: ${body.error?.message ?? response.status}`);
  }
  return { uid: body.localId, email, idToken: body.idToken };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An unsigned ID token shaped like the Auth emulator's, with claims to
 * override (an expired `exp`, another project's `aud`...). The real service
 * signs tokens with RS256, which firebase-admin checks outside the emulator.
 */
export function craftEmulatorToken(claims: Record<string, unknown>, projectId = PROJECT_ID): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    firebase: { sign_in_provider: 'password', identities: {} },
    ...claims,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}
