// A workspace's MCP servers for the builder (the agent step's tool picker and
// the workflow's problems): read once per client and workspace and shared by
// every reader on the page, without React Query (the builder mounts outside one
// in its tests and hosts). "List tools" puts the server it answers in place for
// all of them; the MCP servers page forgets the list when it changes one.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '@agentflow/shared';
import type { McpServerView } from '@agentflow/shared/mcp';
import { useMcpServersClient, type McpServersClient } from './mcpServersClient';

export type McpServersLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; servers: McpServerView[] };

interface Entry {
  load: McpServersLoad;
  readers: Set<() => void>;
  /** When the list was last asked for (0: never); a reader mounting later than LIST_TTL_MS after asks again. */
  askedAt: number;
}

// As the credential list: every agent panel reads it, one request per half minute serves them.
const LIST_TTL_MS = 30_000;
const entries = new WeakMap<McpServersClient, Map<string, Entry>>();

function entryOf(client: McpServersClient, workspaceId: string): Entry {
  const byWorkspace = entries.get(client) ?? new Map<string, Entry>();
  entries.set(client, byWorkspace);
  const entry = byWorkspace.get(workspaceId) ?? { load: { state: 'loading' }, readers: new Set(), askedAt: 0 };
  byWorkspace.set(workspaceId, entry);
  return entry;
}

function publish(entry: Entry, load: McpServersLoad) {
  entry.load = load;
  for (const reader of entry.readers) reader();
}

const byName = (servers: readonly McpServerView[]) => [...servers].sort((a, b) => a.name.localeCompare(b.name));

/** Asks for the list unless a fresh one is held or on its way (a failure is not remembered: the next reader asks again). */
function askIfStale(client: McpServersClient, workspaceId: string) {
  const entry = entryOf(client, workspaceId);
  if (entry.load.state !== 'failed' && Date.now() - entry.askedAt < LIST_TTL_MS) return;
  entry.askedAt = Date.now();
  client.list(workspaceId).then(
    (servers) => publish(entry, { state: 'ready', servers: byName(servers) }),
    () => publish(entry, { state: 'failed' }),
  );
}

function replaceServer(client: McpServersClient, workspaceId: string, server: McpServerView) {
  const entry = entryOf(client, workspaceId);
  if (entry.load.state === 'ready') publish(entry, { state: 'ready', servers: entry.load.servers.map((each) => (each.id === server.id ? server : each)) });
}

/**
 * `workspaceId`: an organization id, or 'personal'; `enabled: false` asks nothing and stays loading.
 * `replace` puts a server as the service now answers it in every reader's list.
 */
export function useMcpServerList(workspaceId: string, enabled = true): { load: McpServersLoad; replace: (server: McpServerView) => void } {
  const client = useMcpServersClient();
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const subscribe = useCallback(
    (reread: () => void) => {
      const { readers } = entryOf(client, workspaceId);
      readers.add(reread);
      return () => void readers.delete(reread);
    },
    [client, workspaceId],
  );
  const load = useSyncExternalStore(subscribe, () => entryOf(client, workspaceId).load);
  useEffect(() => {
    if (uid && enabled) askIfStale(client, workspaceId);
  }, [client, workspaceId, uid, enabled]);
  const replace = useCallback((server: McpServerView) => replaceServer(client, workspaceId, server), [client, workspaceId]);
  return { load, replace };
}

/** The servers of a client changed (added, edited, deleted on their page): every reader's next mount asks again. */
export function forgetMcpServers(client: McpServersClient): void {
  for (const entry of entries.get(client)?.values() ?? []) entry.askedAt = 0;
}
