// ESLint flat config for the whole monorepo (issue 15, item 4): `npm run lint`,
// and a step of `npm test`.
//
// Recommended rules of ESLint, typescript-eslint and react-hooks, plus the
// import boundaries between the deployables and shared's runtime roles
// (tooling/eslint/boundaries.mjs). No type-aware rules: a lint of the whole
// tree stays in seconds rather than minutes, and the boundary test can lint
// fixture text under any file name without a TypeScript program.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { sharedAliases } from './shared/scripts/aliases.mjs';
import boundaries, { NODE_BUILTINS } from './tooling/eslint/boundaries.mjs';

const SOURCE = '**/*.{ts,tsx,js,mjs,cjs}';
const REMOTES = ['mf-home', 'mf-workflows', 'mf-billing', 'mf-rbac'];
/** Test files and test kits (including their fake servers): they run in Node under Jest, and may import fakes. */
const TESTS = ['**/*.test.*', '**/testing/**'];

/** Everything by which one could reach a remote's code: its source folder, its workspace package, its federation container id. */
function remoteRestriction(remote, { federated }) {
  const containerId = remote.replace('-', '_');
  return {
    paths: [`^${remote}(?:/|$)`],
    modules: [`^(?:@agentflow/)?${remote}(?:/|$)`, ...(federated ? [`^${containerId}(?:/|$)`] : [])],
    message: federated
      ? 'a remote never imports another remote; anything two remotes both need belongs in shared.'
      : "the shell never imports a remote's source; it loads remotes at run time through Module Federation (/remotes.json).",
  };
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The package entries of @agentflow/shared whose sources lie in the given parts
 * of shared/src, as exact-specifier patterns: derived from shared's exports (the
 * one list; see shared/scripts/aliases.mjs), so a new entry is covered as it is added.
 */
function sharedEntriesIn(parts) {
  return sharedAliases()
    .filter(({ specifier, source }) => !specifier.endsWith('/*') && parts.some((part) => source.startsWith(`src/${part}/`)))
    .map(({ specifier }) => `^${escapeRegExp(specifier)}$`);
}

// (b) What browser code must not import.
const BROWSER_RESTRICTIONS = [
  {
    modules: [NODE_BUILTINS],
    message: 'browser code cannot import Node built-ins; use a web API or move the code to a service.',
  },
  {
    modules: ['^firebase-admin(?:/|$)', '^@google-cloud/'],
    message: 'the Admin SDK is server-only; the browser uses the Firebase web SDK and calls a service for privileged writes.',
  },
  {
    // The entries into shared's server and ledger parts, and its webpack factory (build tooling).
    modules: [...sharedEntriesIn(['server', 'ledger']), '^@agentflow/shared/federation(?:/|$)'],
    paths: ['^shared/src/(?:server|ledger)(?:/|\\.|$)', '^shared/federation(?:/|$)'],
    message: "the server and ledger parts of shared are Node-only; browser code uses shared's domain and web parts.",
  },
];

// (c) What the domain core must not import.
const DOMAIN_RESTRICTIONS = [
  {
    modules: ['^(?:@[^/]+/)?react(?:$|[-/])'],
    message: 'the domain core is pure: no React (hooks and components belong in shared/src/web).',
  },
  {
    modules: ['^firebase(?:-admin)?(?:$|/)', '^@firebase/', '^@google-cloud/firestore(?:$|/)'],
    message: 'the domain core is pure: no Firebase (it decodes plain data; documents are read and written by the web, server and ledger parts).',
  },
  {
    modules: ['^express(?:$|[-/])'],
    message: 'the domain core is pure: no Express (HTTP belongs in the server part).',
  },
  {
    modules: sharedEntriesIn(['web', 'server', 'ledger']),
    paths: ['^shared/src/(?:web|server|ledger)(?:/|\\.|$)'],
    message: "the domain core depends on no other part of shared (they depend on it); move what both need into the domain.",
  },
];

// (d) What production code must not import.
const TEST_FAKE_RESTRICTIONS = [
  {
    paths: ['(?:^|/)testing(?:/|$)', '(?:^|/)fake[A-Z][^/]*$', '\\.test(?:$|\\.)'],
    modules: ['^@agentflow/[^/]+/testing(?:/|$)', '(?:^|/)fake[A-Z][^/]*$'],
    message: 'production code never imports the test kit, a fake server or a test file.',
  },
  {
    modules: ['^@testing-library/', '^@jest/', '^jest(?:$|-)', '^supertest(?:$|/)', '^@firebase/rules-unit-testing(?:$|/)', '^fast-check(?:$|/)'],
    message: 'production code never imports a test-only library.',
  },
];

const restrict = (restrictions) => ['error', { restrictions }];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.agentflow/**',
      'firebase/.emulator/**',
      'e2e/artifacts/**',
      // Deliberately wrong imports; tooling/eslint/boundaries.test.ts lints them under pretend file names.
      'tooling/lint-fixtures/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a callback's position, a destructured omission).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests and test kits read JSON of many shapes and assert on it, and load fresh module
    // instances with require() inside jest.isolateModules; production code keeps both rules.
    files: TESTS,
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // Browser code: browser globals (the TypeScript files are checked by tsc; this matters for the plain JS ones).
  {
    files: ['shell/src/**', 'mf-*/src/**', 'shared/src/**', 'chat-widget/src/**', 'e2e/support/gapiShim.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },

  // React hooks, where React lives.
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    // A missing dependency is a stale-closure bug waiting to happen: an error, not a warning to scroll past.
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },

  // Boundaries. Each direction is its own rule, so a file in several zones gets every rule that applies.
  { plugins: { agentflow: boundaries } },
  // (a) a remote importing another remote; the shell importing a remote's source.
  ...REMOTES.map((remote) => ({
    files: [`${remote}/${SOURCE}`],
    rules: {
      'agentflow/no-cross-remote': restrict(REMOTES.filter((other) => other !== remote).map((other) => remoteRestriction(other, { federated: true }))),
    },
  })),
  {
    files: [`shell/${SOURCE}`],
    rules: { 'agentflow/no-cross-remote': restrict(REMOTES.map((remote) => remoteRestriction(remote, { federated: false }))) },
  },
  // (b) browser code: the shell's and remotes' sources, shared's web part and its domain core (which the browser loads too).
  {
    files: ['shell/src/**', 'mf-*/src/**', 'shared/src/web/**', 'shared/src/domain/**'],
    ignores: TESTS,
    rules: { 'agentflow/browser-imports': restrict(BROWSER_RESTRICTIONS) },
  },
  // The chat widget runs on other people's websites: browser code that also keeps out of the platform's web singleton (React, Firebase).
  {
    files: ['chat-widget/src/**'],
    ignores: TESTS,
    rules: {
      'agentflow/browser-imports': restrict([
        ...BROWSER_RESTRICTIONS,
        { modules: ['^@agentflow/shared(?:/web)?$', '^react(?:$|[-/])', '^firebase(?:$|/)'], message: "the chat widget is one small script on any website: it uses shared's pure domain entries only." },
      ]),
    },
  },
  // (c) the domain core, its tests included: a pure module needs nothing else to be tested.
  {
    files: ['shared/src/domain/**'],
    rules: { 'agentflow/pure-domain': restrict(DOMAIN_RESTRICTIONS) },
  },
  // (d) production code: everything the deployables ship or run (sources, build configs, the federation factory, the seed).
  {
    files: [...['shared', 'shell', ...REMOTES, 'chat-widget', 'billing-api', 'platform-api'].map((pkg) => `${pkg}/${SOURCE}`), 'firebase/*.mjs'],
    ignores: TESTS,
    rules: { 'agentflow/no-test-fakes': restrict(TEST_FAKE_RESTRICTIONS) },
  },
);
