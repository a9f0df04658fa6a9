// One Firebase web app for the host and every remote: this module lives in the
// '@agentflow/shared' singleton, so its state is shared across containers.
// The SDKs are imported on demand: a visitor who has never signed in needs
// neither Auth nor Firestore to see the landing page.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type * as FirestoreLiteSdk from 'firebase/firestore/lite';
import type { AppConfig } from '../config.js';

let config: AppConfig | undefined;
let appPromise: Promise<FirebaseApp> | undefined;
let authPromise: Promise<Auth> | undefined;
let firestorePromise: Promise<Firestore> | undefined;
let firestoreLitePromise: Promise<FirestoreLite> | undefined;

/** Records the run-time configuration (once); the app itself starts on first use. */
export function initFirebase(appConfig: AppConfig): void {
  config ??= appConfig;
}

function requireConfig(): AppConfig {
  if (!config) {
    throw new Error('Firebase is not initialised: call initFirebase(config) before using Auth or Firestore');
  }
  return config;
}

// async: a missing initFirebase must reject (callers .catch it), never throw synchronously.
export async function getFirebaseApp(): Promise<FirebaseApp> {
  const appConfig = requireConfig();
  appPromise ??= import('firebase/app').then(({ getApp, getApps, initializeApp }) =>
    getApps().length > 0 ? getApp() : initializeApp(appConfig.firebase),
  );
  return appPromise;
}

export async function getFirebaseAuth(): Promise<Auth> {
  const appConfig = requireConfig();
  authPromise ??= Promise.all([getFirebaseApp(), import('firebase/auth')]).then(([app, { getAuth, connectAuthEmulator }]) => {
    const auth = getAuth(app);
    if (appConfig.emulators.auth) {
      connectAuthEmulator(auth, appConfig.emulators.auth, { disableWarnings: true });
    }
    return auth;
  });
  return authPromise;
}

export async function getFirestoreDb(): Promise<Firestore> {
  const appConfig = requireConfig();
  firestorePromise ??= Promise.all([getFirebaseApp(), import('firebase/firestore')]).then(
    ([app, { initializeFirestore, connectFirestoreEmulator, persistentLocalCache, persistentMultipleTabManager, memoryLocalCache }]) => {
      // A persistent cache lets the installed app read while offline; where
      // IndexedDB is missing (private modes, tests) fall back to memory.
      const localCache =
        typeof indexedDB === 'undefined'
          ? memoryLocalCache()
          : persistentLocalCache({ tabManager: persistentMultipleTabManager() });
      const db = initializeFirestore(app, { localCache });
      if (appConfig.emulators.firestore) {
        const [host, port] = splitHostPort(appConfig.emulators.firestore);
        connectFirestoreEmulator(db, host, port);
      }
      return db;
    },
  );
  return firestorePromise;
}

/** Firestore Lite: its instance on the shared app, and the SDK module that made it. */
export interface FirestoreLite {
  db: FirestoreLiteSdk.Firestore;
  sdk: typeof FirestoreLiteSdk;
}

/**
 * Firestore Lite (REST, no cache, no listeners) on the same app, for one-shot
 * reads where the full SDK's size is not worth it (the workflow catalogue).
 * Reads go to the server and fail loudly when it cannot be reached. The SDK
 * module is returned with the instance because its functions only accept
 * instances from the same copy: callers import its types only.
 */
export async function getFirestoreLite(): Promise<FirestoreLite> {
  const appConfig = requireConfig();
  firestoreLitePromise ??= Promise.all([getFirebaseApp(), import('firebase/firestore/lite')]).then(([app, sdk]) => {
    const db = sdk.getFirestore(app);
    if (appConfig.emulators.firestore) {
      const [host, port] = splitHostPort(appConfig.emulators.firestore);
      sdk.connectFirestoreEmulator(db, host, port);
    }
    return { db, sdk };
  });
  return firestoreLitePromise;
}

export function splitHostPort(value: string): [string, number] {
  const index = value.lastIndexOf(':');
  const port = Number(value.slice(index + 1));
  if (index <= 0 || !Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`Expected host:port, got '${value}'`);
  }
  return [value.slice(0, index), port];
}

// Where the Auth SDK persists its signed-in user (its documented web storage).
const AUTH_DB = 'firebaseLocalStorageDb';
const AUTH_STORE = 'firebaseLocalStorage';

export function persistedAuthUserKey(apiKey: string): string {
  return `firebase:authUser:${apiKey}:[DEFAULT]`;
}

/**
 * Whether this browser holds a persisted Firebase sign-in, read without
 * loading the Auth SDK: 'none' only when that is certain, 'maybe' whenever it
 * cannot be told (then the caller loads Auth and asks it). Never creates or
 * alters Firebase's database: it is only opened when it already exists.
 */
export async function probePersistedAuthSession(): Promise<'none' | 'maybe'> {
  const appConfig = requireConfig();
  const key = persistedAuthUserKey(appConfig.firebase.apiKey);
  try {
    if (globalThis.localStorage?.getItem(key) || globalThis.sessionStorage?.getItem(key)) return 'maybe';
  } catch {
    return 'maybe';
  }
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return 'maybe';
  try {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === AUTH_DB)) return 'none';
    const found = await new Promise<boolean>((resolve, reject) => {
      const request = indexedDB.open(AUTH_DB);
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(AUTH_STORE)) {
          db.close();
          resolve(false);
          return;
        }
        const lookup = db.transaction(AUTH_STORE, 'readonly').objectStore(AUTH_STORE).get(key);
        lookup.onsuccess = () => {
          db.close();
          resolve(lookup.result !== undefined);
        };
        lookup.onerror = () => {
          db.close();
          reject(lookup.error);
        };
      };
    });
    return found ? 'maybe' : 'none';
  } catch {
    return 'maybe';
  }
}
