// firebase-admin, initialised once per process. With FIRESTORE_EMULATOR_HOST
// and FIREBASE_AUTH_EMULATOR_HOST set, the SDK talks to the emulators and needs
// no credentials; otherwise it uses Application Default Credentials.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { DEFAULT_PROJECT_ID } from '../domain/federation/runtimeConfig.js';

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

/**
 * A readiness probe for Firestore that answers within `timeoutMs`. Against an
 * unreachable Firestore the client retries an RPC for about a minute, so the
 * probe keeps at most one RPC in flight: while it hangs, later probes fail at
 * once instead of piling up more retrying calls.
 */
export function createFirestoreProbe(db: Firestore, timeoutMs = 2000): () => Promise<void> {
  let inFlight: Promise<unknown> | undefined;
  return async () => {
    if (inFlight) throw new Error('Firestore has not answered the previous health probe yet');
    const probe = db.listCollections();
    inFlight = probe;
    const settle = () => {
      if (inFlight === probe) inFlight = undefined;
    };
    probe.then(settle, settle);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Firestore did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
