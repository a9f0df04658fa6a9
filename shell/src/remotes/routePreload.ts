import { REMOTES, type RemoteDescriptor } from '@agentflow/shared';
import { loadRemotePage } from './remoteLoader';

/** The remote whose route (App's route table) serves `pathname`; null for the shell's own pages. */
export function remoteForPath(pathname: string, remotes: readonly RemoteDescriptor[] = REMOTES): RemoteDescriptor | null {
  return (
    remotes.find((remote) => {
      const base = remote.route.replace(/\/\*$/, '');
      return remote.route === '/' ? pathname === '/' : pathname === base || pathname.startsWith(`${base}/`);
    }) ?? null
  );
}

/**
 * Starts loading the opened route's remote page (entry script, exposed
 * module) before the first render, so it downloads while the sign-in state
 * resolves. RemotePage's own load then shares the requests in flight (the
 * federation runtime and webpack reuse them); a failure here is left to it,
 * since a failed load is not cached and RemotePage shows its error screen.
 */
export function preloadRoutePage(pathname: string, load: typeof loadRemotePage = loadRemotePage): string | null {
  const remote = remoteForPath(pathname);
  if (!remote) return null;
  load(remote.name, remote.page).catch(() => undefined);
  return remote.name;
}
