import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteEntryUrl } from '@agentflow/shared';

export type RemotesMap = Record<string, string>;

let remotes: RemotesMap = {};

export async function fetchRemotesMap(url = '/remotes.json'): Promise<RemotesMap> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  const map = (await response.json()) as unknown;
  if (typeof map !== 'object' || map === null || Array.isArray(map) || Object.values(map).some((value) => typeof value !== 'string')) {
    throw new Error(`${url} must map remote names to manifest URLs`);
  }
  return map as RemotesMap;
}

/**
 * Registers every remote with the federation runtime (nothing is fetched yet), by its entry script
 * beside the manifest: the shell's runtime is built without the manifest (snapshot) code, about 6 kB
 * gzip of the first view, and the exposed chunk still comes one request after the entry.
 */
export function configureRemotes(map: RemotesMap): void {
  remotes = { ...map };
  registerRemotes(Object.entries(remotes).map(([name, manifest]) => ({ name, entry: remoteEntryUrl(manifest, window.location.href) })));
}

/**
 * Loads a remote's exposed page component. A failed load is not cached by
 * the federation runtime, so calling again (Try Again) fetches the remote's
 * entry afresh: the e2e suite takes a remote down and back to prove it.
 */
export async function loadRemotePage(remoteName: string, exposed: string): Promise<ComponentType> {
  if (!remotes[remoteName]) throw new Error(`Remote '${remoteName}' is not in the remotes map`);
  const module = await loadRemote<{ default?: ComponentType }>(`${remoteName}/${exposed.replace(/^\.\//, '')}`);
  if (!module?.default) {
    throw new Error(`Remote '${remoteName}' has no default export in '${exposed}'`);
  }
  return module.default;
}
