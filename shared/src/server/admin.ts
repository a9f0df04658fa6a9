// firebase-admin, initialised once per process. With FIRESTORE_EMULATOR_HOST
// and FIREBASE_AUTH_EMULATOR_HOST set, the SDK talks to the emulators and needs
// no credentials; otherwise it uses Application Default Credentials.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export const DEFAULT_PROJECT_ID = 'demo-agentflow';

export function projectIdFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.FIREBASE_PROJECT_ID || env.GCLOUD_PROJECT || DEFAULT_PROJECT_ID;
}

export function getAdminApp(projectId: string = projectIdFromEnv()): App {
  const existing = getApps()[0];
  return existing ?? initializeApp({ projectId });
}

export function getAdminAuth(): Auth {
  return getAuth(getAdminApp());
}

export function getAdminDb(): Firestore {
  return getFirestore(getAdminApp());
}

/** Resolves when Firestore answers within the time limit, rejects otherwise. */
export async function checkFirestoreReachable(db: Firestore, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Firestore did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.listCollections(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
