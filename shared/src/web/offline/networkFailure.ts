/** Firebase's codes for "could not reach the backend" (Firestore's with or without its prefix). */
const FIREBASE_UNREACHABLE = new Set(['unavailable', 'deadline-exceeded', 'firestore/unavailable', 'firestore/deadline-exceeded', 'auth/network-request-failed']);

/**
 * Whether a failed request means "the service could not be reached" (a
 * stored copy may then stand in, and the UI says it is offline) rather than
 * "the service said no". fetch() rejects with a TypeError ("Failed to fetch",
 * "NetworkError…", "Load failed"); the API clients turn that into an error
 * with status 0; Firebase says so with its own codes. Anything failing while
 * the browser is offline counts too.
 */
export function isUnreachable(error: unknown, online: boolean = globalThis.navigator?.onLine ?? true): boolean {
  if (!online) return true;
  const failure = (error && typeof error === 'object' ? error : {}) as { status?: unknown; message?: unknown; name?: unknown; code?: unknown };
  if (failure.status === 0) return true;
  // Firebase's codes only: a service that answered (an ApiError has its HTTP status) was reached, whatever its code says (its 503 says 'unavailable' too).
  if (typeof failure.code === 'string' && typeof failure.status !== 'number' && FIREBASE_UNREACHABLE.has(failure.code)) return true;
  if (failure.name === 'ChunkLoadError') return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(typeof failure.message === 'string' ? failure.message : '');
}
