// One Firebase web app for the host and every remote: this module lives in the
// '@agentflow/shared' singleton, so its state is shared across containers.
// Auth and Firestore are imported on demand to keep the first view small.
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { AppConfig } from '../config.js';

let config: AppConfig | undefined;
let authPromise: Promise<Auth> | undefined;
let firestorePromise: Promise<Firestore> | undefined;

/** Initialises (once) the Firebase app from the run-time configuration. */
export function initFirebase(appConfig: AppConfig): FirebaseApp {
  config ??= appConfig;
  return getApps().length > 0 ? getApp() : initializeApp(appConfig.firebase);
}

function requireConfig(): AppConfig {
  if (!config) {
    throw new Error('Firebase is not initialised: call initFirebase(config) before using Auth or Firestore');
  }
  return config;
}

export function getFirebaseAuth(): Promise<Auth> {
  const appConfig = requireConfig();
  authPromise ??= import('firebase/auth').then(({ getAuth, connectAuthEmulator }) => {
    const auth = getAuth(getApp());
    if (appConfig.emulators.auth) {
      connectAuthEmulator(auth, appConfig.emulators.auth, { disableWarnings: true });
    }
    return auth;
  });
  return authPromise;
}

export function getFirestoreDb(): Promise<Firestore> {
  const appConfig = requireConfig();
  firestorePromise ??= import('firebase/firestore').then(
    ({ initializeFirestore, connectFirestoreEmulator, persistentLocalCache, persistentMultipleTabManager, memoryLocalCache }) => {
      // A persistent cache lets the installed app read while offline; where
      // IndexedDB is missing (private modes, tests) fall back to memory.
      const localCache =
        typeof indexedDB === 'undefined'
          ? memoryLocalCache()
          : persistentLocalCache({ tabManager: persistentMultipleTabManager() });
      const db = initializeFirestore(getApp(), { localCache });
      if (appConfig.emulators.firestore) {
        const [host, port] = splitHostPort(appConfig.emulators.firestore);
        connectFirestoreEmulator(db, host, port);
      }
      return db;
    },
  );
  return firestorePromise;
}

export function splitHostPort(value: string): [string, number] {
  const index = value.lastIndexOf(':');
  const port = Number(value.slice(index + 1));
  if (index <= 0 || !Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`Expected host:port, got '${value}'`);
  }
  return [value.slice(0, index), port];
}
