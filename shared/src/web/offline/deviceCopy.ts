// The last answer a service gave for the signed-in user, kept on this device
// so the installed app can show it offline (billing-api and platform-api
// answers are not in Firestore's cache). One small JSON entry per kind of
// answer and user in localStorage, stamped with when it was saved: the UI
// marks every read from here "saved on this device, as of <time>". Entries of
// anyone but the signed-in user are removed as soon as the AuthProvider
// learns who that is (everyone's when nobody is), so a shared device does not
// keep the previous user's data.

export const DEVICE_COPY_PREFIX = 'agentflow.deviceCopy.v1';
/** Largest entry kept, in UTF-16 code units (~200 KB); a bigger answer is not saved. */
export const MAX_DEVICE_COPY_CHARS = 100_000;

export interface DeviceCopy<T> {
  value: T;
  /** ISO time the answer was saved (when it last came from the service). */
  savedAt: string;
}

interface Entry {
  uid: string;
  savedAt: string;
  value: unknown;
}

/** The page's storage: localStorage, or null where it is missing or blocked (then nothing is kept on the device). */
export function deviceStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const keyOf = (kind: string, uid: string) => `${DEVICE_COPY_PREFIX}:${encodeURIComponent(uid)}:${kind}`;

/** Saves `value` as the last answer of `kind` for `uid`; a full or blocked storage only means nothing is saved. */
export function saveDeviceCopy(kind: string, uid: string, value: unknown, storage: Storage | null = deviceStorage(), now: Date = new Date()): boolean {
  if (!storage) return false;
  const key = keyOf(kind, uid);
  try {
    const raw = JSON.stringify({ uid, savedAt: now.toISOString(), value } satisfies Entry);
    if (raw.length > MAX_DEVICE_COPY_CHARS) {
      storage.removeItem(key);
      return false;
    }
    storage.setItem(key, raw);
    return true;
  } catch {
    return false;
  }
}

/**
 * The saved answer of `kind` for `uid`, or null (none, unreadable, saved for
 * someone else, or failing `accept`, the caller's shape check).
 */
export function readDeviceCopy<T>(kind: string, uid: string, accept: (value: unknown) => value is T, storage: Storage | null = deviceStorage()): DeviceCopy<T> | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(keyOf(kind, uid));
    if (raw === null) return null;
    const entry = JSON.parse(raw) as Partial<Entry> | null;
    if (!entry || entry.uid !== uid || typeof entry.savedAt !== 'string' || !accept(entry.value)) return null;
    return { value: entry.value, savedAt: entry.savedAt };
  } catch {
    return null;
  }
}

/** Removes every saved answer except `uid`'s (all of them for null). */
export function pruneDeviceCopies(uid: string | null, storage: Storage | null = deviceStorage()): void {
  if (!storage) return;
  try {
    const keep = uid === null ? null : `${DEVICE_COPY_PREFIX}:${encodeURIComponent(uid)}:`;
    const stale: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(`${DEVICE_COPY_PREFIX}:`) && (keep === null || !key.startsWith(keep))) stale.push(key);
    }
    for (const key of stale) storage.removeItem(key);
  } catch {
    // Blocked storage holds nothing of ours.
  }
}
