// The catalogue's copy on this device: Firestore Lite has no cache, so the
// last successful read of each collection is kept here and shown when a read
// fails because the network is unreachable (the installed app must work
// offline, DESIGN.md §3). localStorage rather than IndexedDB: idb-keyval is not
// installed, and a synchronous read keeps this module tiny. Templates are
// public and kept under one key; a user's own and organization workflows
// under keys naming that user, checked again on read, and removed as soon as
// the catalogue sees anyone else (or nobody) signed in.
import { deviceStorage } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import type { CatalogueTab } from '../components/catalogueFilters';

export const CATALOGUE_CACHE_PREFIX = 'agentflow.workflows.catalogue.v1';

/**
 * Largest entry kept, in UTF-16 code units (~600 KB). A bigger collection is
 * not saved (and its older copy is removed: it would no longer be the last
 * result); three entries at most exist at a time (templates, mine, organization).
 */
export const MAX_ENTRY_CHARS = 300_000;

/** Which collection, for whom (templates ignore the user). */
export interface CatalogueCacheScope {
  tab: CatalogueTab;
  uid: string | null;
  /** The organization workspace the collection is of (the 'organization' tab): one copy per workspace. */
  workspaceId?: string;
}

/** What a catalogue query resolves with: `savedAt` is set when the workflows come from this device, not the server. */
export interface CatalogueResult {
  workflows: Workflow[];
  savedAt: string | null;
}

interface CacheEntry {
  uid: string | null;
  savedAt: string;
  workflows: Workflow[];
}

/** The key of a scope; null for a user collection without a user (guests have templates only). */
export function cacheKey(scope: CatalogueCacheScope): string | null {
  if (scope.tab === 'templates') return `${CATALOGUE_CACHE_PREFIX}:templates`;
  if (scope.uid === null) return null;
  const workspace = scope.workspaceId ? `:${encodeURIComponent(scope.workspaceId)}` : '';
  return `${CATALOGUE_CACHE_PREFIX}:user:${encodeURIComponent(scope.uid)}:${scope.tab}${workspace}`;
}

function ownerOf(scope: CatalogueCacheScope): string | null {
  return scope.tab === 'templates' ? null : scope.uid;
}

function looksLikeWorkflow(value: unknown): value is Workflow {
  if (!value || typeof value !== 'object') return false;
  const workflow = value as Record<string, unknown>;
  return (
    typeof workflow.id === 'string' &&
    typeof workflow.name === 'string' &&
    typeof workflow.description === 'string' &&
    Array.isArray(workflow.tags) &&
    Array.isArray(workflow.nodes) &&
    Array.isArray(workflow.edges)
  );
}

/** The saved copy of a scope, or null (none, unreadable, or saved for someone else). */
export function readCatalogueCache(scope: CatalogueCacheScope, storage: Storage | null = deviceStorage()): { workflows: Workflow[]; savedAt: string } | null {
  const key = cacheKey(scope);
  if (!storage || key === null) return null;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const entry = JSON.parse(raw) as Partial<CacheEntry> | null;
    if (!entry || entry.uid !== ownerOf(scope) || typeof entry.savedAt !== 'string' || !Array.isArray(entry.workflows)) return null;
    if (!entry.workflows.every(looksLikeWorkflow)) return null;
    return { workflows: entry.workflows, savedAt: entry.savedAt };
  } catch {
    return null;
  }
}

/** Saves a successful read; a full or blocked storage only means nothing is saved. */
export function writeCatalogueCache(scope: CatalogueCacheScope, workflows: Workflow[], storage: Storage | null = deviceStorage(), now: Date = new Date()): boolean {
  const key = cacheKey(scope);
  if (!storage || key === null) return false;
  try {
    const entry: CacheEntry = { uid: ownerOf(scope), savedAt: now.toISOString(), workflows };
    const raw = JSON.stringify(entry);
    if (raw.length > MAX_ENTRY_CHARS) {
      storage.removeItem(key);
      return false;
    }
    storage.setItem(key, raw);
    return true;
  } catch {
    try {
      storage.removeItem(key);
    } catch {
      // Storage refuses even that: nothing to clean.
    }
    return false;
  }
}

/** Removes every user's saved workflows except `uid`'s (all of them when nobody is signed in); templates stay. */
export function pruneCatalogueCache(uid: string | null, storage: Storage | null = deviceStorage()): void {
  if (!storage) return;
  try {
    const keep = uid === null ? null : `${CATALOGUE_CACHE_PREFIX}:user:${encodeURIComponent(uid)}:`;
    const stale: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(`${CATALOGUE_CACHE_PREFIX}:user:`) && (keep === null || !key.startsWith(keep))) stale.push(key);
    }
    for (const key of stale) storage.removeItem(key);
  } catch {
    // Blocked storage holds nothing of ours.
  }
}

const NETWORK_CODES = new Set(['unavailable', 'deadline-exceeded']);

/**
 * Whether a failed read means "the server could not be reached" (then the
 * saved copy may stand in) rather than "the server said no" (permission
 * denied and the like must show as errors, never as stale data).
 */
export function isNetworkFailure(error: unknown, online: boolean = globalThis.navigator?.onLine ?? true): boolean {
  const failure = (error && typeof error === 'object' ? error : {}) as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof failure.code === 'string' ? failure.code.replace(/^firestore\//, '') : undefined;
  const message = typeof failure.message === 'string' ? failure.message : '';
  if (code !== undefined && NETWORK_CODES.has(code)) return true;
  // Any other code is the server's answer (permission-denied, not-found…), except
  // Lite's 'unknown', which is also how it reports a fetch() that never got a response.
  if (code !== undefined && code !== 'unknown') return false;
  if (!online) return true;
  if (code === 'unknown') return message.startsWith('Request failed with error');
  // fetch() rejects with a TypeError ("Failed to fetch", "NetworkError…", "Load failed");
  // webpack with a ChunkLoadError when the SDK's chunk cannot be fetched.
  if (failure.name === 'ChunkLoadError') return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(message);
}

/**
 * Reads a collection from the server and saves it; when the network is
 * unreachable, answers with the saved copy instead (savedAt set). Without a
 * saved copy, or on any other failure, the read's error stands.
 */
export async function readWithOfflineCopy(scope: CatalogueCacheScope, read: () => Promise<Workflow[]>, storage: Storage | null = deviceStorage()): Promise<CatalogueResult> {
  let workflows: Workflow[];
  try {
    workflows = await read();
  } catch (error) {
    const saved = isNetworkFailure(error) ? readCatalogueCache(scope, storage) : null;
    if (saved) return saved;
    throw error;
  }
  writeCatalogueCache(scope, workflows, storage);
  return { workflows, savedAt: null };
}
