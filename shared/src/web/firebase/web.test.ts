import { buildAppConfig } from '../../domain/federation/runtimeConfig';
import { getFirebaseAuth, getFirestoreDb, initFirebase, persistedAuthUserKey, probePersistedAuthSession, splitHostPort } from './web';

describe('splitHostPort', () => {
  test.each<[string, [string, number]]>([
    ['127.0.0.1:8080', ['127.0.0.1', 8080]],
    ['localhost:9099', ['localhost', 9099]],
    ['firestore.internal:1', ['firestore.internal', 1]],
    ['example.com:65535', ['example.com', 65535]],
    ['[::1]:8080', ['[::1]', 8080]],
  ])('%s', (value, expected) => {
    expect(splitHostPort(value)).toEqual(expected);
  });

  test.each([
    ['no port', 'localhost'],
    ['no host', ':8080'],
    ['empty port', 'localhost:'],
    ['port 0', 'localhost:0'],
    ['port out of range', 'localhost:65536'],
    ['negative port', 'localhost:-1'],
    ['not a number', 'localhost:http'],
    ['fractional port', 'localhost:80.5'],
    ['empty string', ''],
  ])('rejects %s', (_label, value) => {
    expect(() => splitHostPort(value)).toThrow(`Expected host:port, got '${value}'`);
  });
});

describe('before initFirebase', () => {
  test('getFirebaseAuth fails with the not-initialised error', async () => {
    await expect(getFirebaseAuth()).rejects.toThrow(
      'Firebase is not initialised: call initFirebase(config) before using Auth or Firestore',
    );
  });

  test('getFirestoreDb fails with the not-initialised error', async () => {
    await expect(getFirestoreDb()).rejects.toThrow('Firebase is not initialised');
  });
});

describe('probePersistedAuthSession', () => {
  const config = buildAppConfig({});
  const key = persistedAuthUserKey(config.firebase.apiKey);
  const realIndexedDb = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
  const realLocalStorage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');

  function setGlobal(name: 'indexedDB' | 'localStorage', value: unknown) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }

  /** A minimal IndexedDB holding Firebase's store with the given records. */
  function fakeIndexedDb(databases: string[], records: Record<string, unknown> = {}, stores = ['firebaseLocalStorage']) {
    const open = jest.fn(() => {
      const request: { result?: unknown; onsuccess?: () => void; onerror?: () => void; error?: unknown } = {};
      request.result = {
        objectStoreNames: { contains: (name: string) => stores.includes(name) },
        close: jest.fn(),
        transaction: () => ({
          objectStore: () => ({
            get: (wanted: string) => {
              const lookup: { result?: unknown; onsuccess?: () => void } = {};
              setTimeout(() => {
                lookup.result = records[wanted];
                lookup.onsuccess?.();
              });
              return lookup;
            },
          }),
        }),
      };
      setTimeout(() => request.onsuccess?.());
      return request;
    });
    return { databases: jest.fn(async () => databases.map((name) => ({ name, version: 1 }))), open };
  }

  beforeAll(() => initFirebase(config));

  afterEach(() => {
    if (realIndexedDb) Object.defineProperty(globalThis, 'indexedDB', realIndexedDb);
    else delete (globalThis as { indexedDB?: unknown }).indexedDB;
    if (realLocalStorage) Object.defineProperty(globalThis, 'localStorage', realLocalStorage);
    else delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  test("'none' when Firebase's database does not exist, and the database is not created by asking", async () => {
    const idb = fakeIndexedDb([]);
    setGlobal('indexedDB', idb);
    await expect(probePersistedAuthSession()).resolves.toBe('none');
    expect(idb.open).not.toHaveBeenCalled();
  });

  test("'none' when the database exists without a signed-in user", async () => {
    setGlobal('indexedDB', fakeIndexedDb(['firebaseLocalStorageDb'], { 'firebase:authUser:other-key:[DEFAULT]': {} }));
    await expect(probePersistedAuthSession()).resolves.toBe('none');
  });

  test("'none' when the database exists but Firebase never created its store", async () => {
    setGlobal('indexedDB', fakeIndexedDb(['firebaseLocalStorageDb'], {}, []));
    await expect(probePersistedAuthSession()).resolves.toBe('none');
  });

  test("'maybe' when a signed-in user is persisted for this app", async () => {
    setGlobal('indexedDB', fakeIndexedDb(['firebaseLocalStorageDb'], { [key]: { fbase_key: key, value: { uid: 'u1' } } }));
    await expect(probePersistedAuthSession()).resolves.toBe('maybe');
  });

  test("'maybe' when Auth persisted to localStorage instead", async () => {
    setGlobal('indexedDB', fakeIndexedDb([]));
    setGlobal('localStorage', { getItem: (name: string) => (name === key ? '{"uid":"u1"}' : null) });
    await expect(probePersistedAuthSession()).resolves.toBe('maybe');
  });

  test("'maybe' whenever it cannot tell (no IndexedDB, no databases(), or an error)", async () => {
    setGlobal('indexedDB', undefined);
    await expect(probePersistedAuthSession()).resolves.toBe('maybe');
    setGlobal('indexedDB', { open: jest.fn() });
    await expect(probePersistedAuthSession()).resolves.toBe('maybe');
    setGlobal('indexedDB', { databases: jest.fn(async () => Promise.reject(new Error('blocked'))) });
    await expect(probePersistedAuthSession()).resolves.toBe('maybe');
  });
});
