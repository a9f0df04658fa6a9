// The signed-in user's credentials, read once and shared by every part that
// needs them on a page (the agent node's picker, the builder's missing-
// credential check, the credentials page), without React Query: the builder
// mounts outside one in its tests and hosts. A change calls
// forgetCredentials: the next read is fresh and every mounted list re-reads.
import { useCallback, useEffect, useState } from 'react';
import type { CredentialView } from '@agentflow/shared/credentials';
import { useCredentialsClient, type CredentialsClient } from './api';

// One list request per client for half a minute: every agent panel asks.
const LIST_TTL_MS = 30_000;
const cache = new WeakMap<CredentialsClient, { at: number; list: Promise<CredentialView[]> }>();

export function credentialsOf(client: CredentialsClient, now = Date.now()): Promise<CredentialView[]> {
  const cached = cache.get(client);
  if (cached && now - cached.at < LIST_TTL_MS) return cached.list;
  const list = client.list();
  cache.set(client, { at: now, list });
  // A failure is not remembered: the next reader asks again.
  list.catch(() => {
    if (cache.get(client)?.list === list) cache.delete(client);
  });
  return list;
}

/** Every mounted list of a client: one that changed (a credential made in a step's form) refreshes them all. */
const readers = new WeakMap<CredentialsClient, Set<() => void>>();

export function forgetCredentials(client: CredentialsClient): void {
  cache.delete(client);
  for (const reread of readers.get(client) ?? []) reread();
}

export type CredentialListState =
  | { status: 'loading'; credentials: null; error: null }
  | { status: 'ready'; credentials: CredentialView[]; error: null }
  | { status: 'failed'; credentials: null; error: unknown };

/** The list (`enabled: false` asks nothing and stays loading); reload() reads it afresh. */
export function useCredentialList(enabled = true): CredentialListState & { reload: () => void } {
  const client = useCredentialsClient();
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<CredentialListState>({ status: 'loading', credentials: null, error: null });

  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    credentialsOf(client).then(
      (credentials) => live && setState({ status: 'ready', credentials, error: null }),
      (error: unknown) => live && setState({ status: 'failed', credentials: null, error }),
    );
    return () => {
      live = false;
    };
  }, [client, enabled, tick]);

  // Re-read when any reader of this client forgets the list (the builder's missing-credential check sees a new account at once).
  useEffect(() => {
    const reread = () => setTick((n) => n + 1);
    const set = readers.get(client) ?? new Set<() => void>();
    readers.set(client, set);
    set.add(reread);
    return () => void set.delete(reread);
  }, [client]);

  const reload = useCallback(() => forgetCredentials(client), [client]);

  return { ...state, reload };
}
