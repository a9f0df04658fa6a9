// The catalogue's copy on this device (jsdom's real localStorage): what is
// saved for whom, what a read gets back, the size cap, a refusing storage,
// pruning other users' copies, and which failures count as "offline".
import { FAKE_MINE, FAKE_TEMPLATES, testWorkflow } from '../testing/fakeCatalogueSource';
import {
  CATALOGUE_CACHE_PREFIX,
  MAX_ENTRY_CHARS,
  cacheKey,
  isNetworkFailure,
  pruneCatalogueCache,
  readCatalogueCache,
  readWithOfflineCopy,
  writeCatalogueCache,
} from './catalogueCache';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const templates = { tab: 'templates', uid: null } as const;
const mineOf = (uid: string | null) => ({ tab: 'mine', uid }) as const;
const offlineError = () => Object.assign(new Error('Request failed with error: Failed to fetch'), { code: 'unknown' });
const deniedError = () => Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });

/** A Storage that refuses every write, like a full or blocked one. */
function refusingStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

beforeEach(() => localStorage.clear());

describe('saving and reading', () => {
  test('a saved collection reads back with the time it was saved', () => {
    expect(writeCatalogueCache(templates, FAKE_TEMPLATES, localStorage, NOW)).toBe(true);
    expect(readCatalogueCache(templates)).toEqual({ workflows: FAKE_TEMPLATES, savedAt: NOW.toISOString() });
  });

  test('templates are public: one copy whoever reads them', () => {
    writeCatalogueCache({ tab: 'templates', uid: 'user-1' }, FAKE_TEMPLATES);
    expect(readCatalogueCache({ tab: 'templates', uid: null })?.workflows).toEqual(FAKE_TEMPLATES);
    expect(readCatalogueCache({ tab: 'templates', uid: 'user-2' })?.workflows).toEqual(FAKE_TEMPLATES);
  });

  test("a user's collections are theirs alone: another user or a guest gets nothing", () => {
    writeCatalogueCache(mineOf('user-1'), FAKE_MINE);
    writeCatalogueCache({ tab: 'organization', uid: 'user-1' }, [testWorkflow({ id: 'wf-org', name: 'Shared' })]);
    expect(readCatalogueCache(mineOf('user-1'))?.workflows).toEqual(FAKE_MINE);
    expect(readCatalogueCache(mineOf('user-2'))).toBeNull();
    expect(readCatalogueCache({ tab: 'organization', uid: 'user-2' })).toBeNull();
    expect(readCatalogueCache(mineOf(null))).toBeNull();
    expect(writeCatalogueCache(mineOf(null), FAKE_MINE)).toBe(false);
    expect(cacheKey(mineOf('user-1'))).not.toBe(cacheKey(mineOf('user-2')));
  });

  test('an entry saved for someone else under a key, unreadable JSON or a malformed workflow reads as nothing', () => {
    writeCatalogueCache(mineOf('user-2'), FAKE_MINE);
    localStorage.setItem(cacheKey(mineOf('user-1')) as string, localStorage.getItem(cacheKey(mineOf('user-2')) as string) as string);
    expect(readCatalogueCache(mineOf('user-1'))).toBeNull();

    localStorage.setItem(cacheKey(templates) as string, '{not json');
    expect(readCatalogueCache(templates)).toBeNull();

    localStorage.setItem(cacheKey(templates) as string, JSON.stringify({ uid: null, savedAt: NOW.toISOString(), workflows: [{ id: 'x' }] }));
    expect(readCatalogueCache(templates)).toBeNull();
  });

  test('a collection larger than the cap is not saved, and its older copy is removed', () => {
    writeCatalogueCache(templates, FAKE_TEMPLATES);
    const huge = [testWorkflow({ id: 'big', name: 'Big', description: 'x'.repeat(MAX_ENTRY_CHARS) })];
    expect(writeCatalogueCache(templates, huge)).toBe(false);
    expect(readCatalogueCache(templates)).toBeNull();
    expect(localStorage.getItem(cacheKey(templates) as string)).toBeNull();
  });

  test('a storage that refuses writes saves nothing and throws nothing; no storage at all neither', () => {
    const storage = refusingStorage();
    expect(writeCatalogueCache(templates, FAKE_TEMPLATES, storage)).toBe(false);
    expect(readCatalogueCache(templates, storage)).toBeNull();
    expect(writeCatalogueCache(templates, FAKE_TEMPLATES, null)).toBe(false);
    expect(readCatalogueCache(templates, null)).toBeNull();
  });
});

describe('pruning', () => {
  beforeEach(() => {
    writeCatalogueCache(templates, FAKE_TEMPLATES);
    writeCatalogueCache(mineOf('user-1'), FAKE_MINE);
    writeCatalogueCache({ tab: 'organization', uid: 'user-1' }, FAKE_MINE);
    writeCatalogueCache(mineOf('user-2'), FAKE_MINE);
    localStorage.setItem('pwa-prompt-dismissed', '1');
  });

  const ourKeys = () =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith(CATALOGUE_CACHE_PREFIX))
      .sort();

  test("signed in: only that user's copies and the templates stay", () => {
    pruneCatalogueCache('user-1');
    expect(ourKeys()).toEqual([cacheKey(templates), cacheKey({ tab: 'organization', uid: 'user-1' }), cacheKey(mineOf('user-1'))].sort());
    expect(localStorage.getItem('pwa-prompt-dismissed')).toBe('1');
  });

  test("signed out: every user's copies go, the templates stay", () => {
    pruneCatalogueCache(null);
    expect(ourKeys()).toEqual([cacheKey(templates)]);
    expect(localStorage.getItem('pwa-prompt-dismissed')).toBe('1');
  });

  test("a uid that is a prefix of another's keeps only its own copies", () => {
    writeCatalogueCache(mineOf('user-10'), FAKE_MINE);
    pruneCatalogueCache('user-1');
    expect(readCatalogueCache(mineOf('user-10'))).toBeNull();
    expect(readCatalogueCache(mineOf('user-1'))).not.toBeNull();
  });
});

describe('isNetworkFailure', () => {
  test.each([
    ['Firestore unavailable', Object.assign(new Error('offline'), { code: 'unavailable' }), true],
    ['a deadline exceeded', Object.assign(new Error('slow'), { code: 'deadline-exceeded' }), true],
    ["Lite's failed fetch() (code unknown)", offlineError(), true],
    ['fetch() rejecting', new TypeError('Failed to fetch'), true],
    ["Firefox's fetch() rejecting", new TypeError('NetworkError when attempting to fetch resource.'), true],
    ["the SDK's chunk not loading", Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }), true],
    ['permission denied', deniedError(), false],
    ['not found', Object.assign(new Error('gone'), { code: 'firestore/not-found' }), false],
    ['an unknown server error', Object.assign(new Error('Internal'), { code: 'unknown' }), false],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'map')"), false],
    ['a plain error', new Error('boom'), false],
  ])('online, %s → %s', (_name, error, expected) => {
    expect(isNetworkFailure(error, true)).toBe(expected);
  });

  test('when the browser says it is offline, any failure without a server answer counts; a server answer never does', () => {
    expect(isNetworkFailure(new Error('boom'), false)).toBe(true);
    expect(isNetworkFailure(undefined, false)).toBe(true);
    expect(isNetworkFailure(deniedError(), false)).toBe(false);
  });
});

describe('readWithOfflineCopy', () => {
  test('a successful read is returned as fresh and saved', async () => {
    await expect(readWithOfflineCopy(templates, async () => FAKE_TEMPLATES)).resolves.toEqual({ workflows: FAKE_TEMPLATES, savedAt: null });
    expect(readCatalogueCache(templates)?.workflows).toEqual(FAKE_TEMPLATES);
  });

  test('offline, the last saved copy stands in, with its time', async () => {
    writeCatalogueCache(mineOf('user-1'), FAKE_MINE, localStorage, NOW);
    await expect(readWithOfflineCopy(mineOf('user-1'), () => Promise.reject(offlineError()))).resolves.toEqual({ workflows: FAKE_MINE, savedAt: NOW.toISOString() });
  });

  test('offline with nothing saved (or saved for someone else), the read fails as before', async () => {
    writeCatalogueCache(mineOf('user-2'), FAKE_MINE);
    const error = offlineError();
    await expect(readWithOfflineCopy(mineOf('user-1'), () => Promise.reject(error))).rejects.toBe(error);
  });

  test('a refusal from the server is an error even with a saved copy', async () => {
    writeCatalogueCache(templates, FAKE_TEMPLATES);
    const error = deniedError();
    await expect(readWithOfflineCopy(templates, () => Promise.reject(error))).rejects.toBe(error);
  });

  test('an empty result is saved too: offline shows it empty rather than an older list', async () => {
    writeCatalogueCache(mineOf('user-1'), FAKE_MINE);
    await readWithOfflineCopy(mineOf('user-1'), async () => []);
    await expect(readWithOfflineCopy(mineOf('user-1'), () => Promise.reject(offlineError()))).resolves.toMatchObject({ workflows: [] });
  });
});
