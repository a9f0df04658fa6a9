// The federation contract: which remotes exist, what they expose, where they
// mount in the shell and which modules every container must share as a
// singleton. Plain JavaScript so webpack configs, the stack launcher and the
// browser code read the same single source.

/** @type {readonly import('./contract').RemoteDescriptor[]} */
export const REMOTES = Object.freeze([
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
 * the very same module instance.
 */
export const SINGLETONS = Object.freeze([
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router',
  'react-router-dom',
  'firebase/app',
  'firebase/auth',
  'firebase/firestore',
  'i18next',
  'react-i18next',
  '@agentflow/shared',
]);

/** The remotes map the shell serves at /remotes.json: name -> manifest URL. */
export function defaultRemoteUrl(remote, host = '127.0.0.1') {
  return `http://${host}:${remote.port}/mf-manifest.json`;
}

/**
 * Builds the remotes map, letting each remote's URL be overridden by its
 * environment variable at serve time (no rebuild of the shell needed).
 * @param {Record<string, string | undefined>} env
 */
export function resolveRemotesMap(env, host = '127.0.0.1') {
  /** @type {Record<string, string>} */
  const map = {};
  for (const remote of REMOTES) {
    const override = env[remote.envVar];
    map[remote.name] = override && override.trim() !== '' ? override.trim() : defaultRemoteUrl(remote, host);
  }
  return map;
}
