// The federation contract: which remotes exist, what they expose, where they
// mount in the shell and which modules every container must share as a
// singleton. One source for the webpack configs, the stack launcher, the
// services' CORS defaults and the shell's route table.

export interface RemoteDescriptor {
  /** Container name, a JavaScript identifier. */
  readonly name: string;
  /** Workspace folder of the remote. */
  readonly dir: string;
  /** Default local port (dev server and production serve). */
  readonly port: number;
  /** Environment variable that overrides the remote's manifest URL at serve time. */
  readonly envVar: string;
  /** Route pattern in the shell. */
  readonly route: string;
  /** Exposed module -> source file. */
  readonly exposes: Readonly<Record<string, string>>;
  /** The exposed module the shell renders for the route. */
  readonly page: string;
}

export const REMOTES: readonly RemoteDescriptor[] = Object.freeze<RemoteDescriptor[]>([
  {
    name: 'mf_home',
    dir: 'mf-home',
    port: 3001,
    envVar: 'MF_HOME_URL',
    route: '/',
    exposes: { './HomePage': './src/exposes/HomePage.tsx' },
    page: './HomePage',
  },
  {
    name: 'mf_workflows',
    dir: 'mf-workflows',
    port: 3002,
    envVar: 'MF_WORKFLOWS_URL',
    route: '/workflows/*',
    exposes: { './WorkflowsApp': './src/exposes/WorkflowsApp.tsx' },
    page: './WorkflowsApp',
  },
  {
    name: 'mf_billing',
    dir: 'mf-billing',
    port: 3003,
    envVar: 'MF_BILLING_URL',
    route: '/billing/*',
    exposes: { './BillingApp': './src/exposes/BillingApp.tsx' },
    page: './BillingApp',
  },
  {
    name: 'mf_rbac',
    dir: 'mf-rbac',
    port: 3004,
    envVar: 'MF_RBAC_URL',
    route: '/admin/access/*',
    exposes: { './AccessApp': './src/exposes/AccessApp.tsx' },
    page: './AccessApp',
  },
]);

export const SHELL_PORT = 3000;

/**
 * Modules that must exist once per page: React's contexts (and so the
 * providers the shell owns) only reach a remote when host and remote resolve
 * the very same module instance. Each is a Module Federation singleton.
 */
export const SINGLETONS: readonly string[] = Object.freeze([
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'firebase/app',
  'firebase/auth',
  'firebase/firestore',
  '@agentflow/shared',
]);

/**
 * Packages that are single per page by living inside the '@agentflow/shared'
 * singleton instead of being federated modules themselves: a federated module
 * is never tree-shaken, which costs 45 kB gzip for React Router alone. App
 * code reaches them through '@agentflow/shared' (routing components and hooks,
 * useI18n); the webpack builds reject a direct import, which would bundle a
 * second copy with its own, empty, context. i18next and react-i18next are no
 * longer used (our own translator, shared/src/domain/i18n/translate.ts, and
 * useI18n's `t`), and stay listed so an app cannot bring them back with an
 * instance of its own.
 */
export const PROVIDED_BY_SHARED: readonly string[] = Object.freeze(['react-router', 'react-router-dom', 'i18next', 'react-i18next']);

/**
 * The file name of every container's entry script, written beside its mf-manifest.json (the webpack
 * factory builds it under this name): the shell loads a remote by it, found from the manifest's URL.
 */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';
/**
 * The federation runtime a remote's standalone page loads first: remotes read
 * the runtime from the page (the shell provides it), so on its own a remote's
 * page provides it with this file (shared/federation/runtime/standaloneRuntime.mjs).
 */
export const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';

/**
 * The remote's entry script for its manifest URL: the same folder and query (a deploy's cache-busting
 * parameter still applies). A relative manifest URL is resolved against `base` (the page's address).
 */
export function remoteEntryUrl(manifestUrl: string, base?: string): string {
  const manifest = new URL(manifestUrl, base);
  const entry = new URL(REMOTE_ENTRY_FILE, manifest);
  entry.search = manifest.search;
  return entry.href;
}

/** The remotes map the shell serves at /remotes.json: name -> manifest URL. */
export function defaultRemoteUrl(remote: RemoteDescriptor, host = '127.0.0.1'): string {
  return `http://${host}:${remote.port}/mf-manifest.json`;
}

/**
 * Builds the remotes map, letting each remote's URL be overridden by its
 * environment variable at serve time (no rebuild of the shell needed).
 */
export function resolveRemotesMap(env: Record<string, string | undefined>, host = '127.0.0.1'): Record<string, string> {
  const map: Record<string, string> = {};
  for (const remote of REMOTES) {
    const override = env[remote.envVar];
    map[remote.name] = override && override.trim() !== '' ? override.trim() : defaultRemoteUrl(remote, host);
  }
  return map;
}
