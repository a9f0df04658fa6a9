// One Jest project per package. TypeScript is transpiled by SWC (@swc/jest) to
// CommonJS, file by file (type checking is `npm run typecheck`): it spends
// less CPU per file than ts-jest did, which counts on CI's 2 cores with a
// cold cache. Workspace imports of @agentflow/shared resolve to
// its sources so tests never need a build (shared/scripts/aliases.mjs
// derives the mapping from shared's exports).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jestModuleNameMapper } from './shared/scripts/aliases.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const shared = path.join(root, 'shared');

/** SWC options: ES2022 like the builds, CommonJS for Jest's runtime, React's automatic JSX in .tsx only. */
const swc = (parser) => [
  '@swc/jest',
  {
    jsc: { target: 'es2022', parser, transform: { react: { runtime: 'automatic' } } },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

export const transform = {
  // .ts and .tsx apart: in a .ts file `<T>(x) => …` is a generic, in a .tsx file it would be JSX.
  '^.+\\.ts$': swc({ syntax: 'typescript' }),
  '^.+\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
};

/**
 * ESM-only packages the services use, compiled to CommonJS for Jest (SWC);
 * every other node_module is loaded as it is.
 */
// quickjs-emscripten's CommonJS build loads its WebAssembly variant with import(), which Jest's CommonJS runtime refuses.
// linkedom's CommonJS build requires its ESM-only dependencies (css-select and the fb55 DOM packages).
const LINKEDOM = ['linkedom', 'css-select', 'css-what', 'dom-serializer', 'domelementtype', 'domhandler', 'domutils', 'entities', 'nth-check', 'boolbase', 'htmlparser2', 'html-escaper', 'cssomnom', 'uhyphen'];
const ESM_PACKAGES = ['oauth4webapi', 'quickjs-emscripten', 'quickjs-emscripten-core', '@jitl/quickjs-[a-z-]+', ...LINKEDOM];
export const transformIgnorePatterns = [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`];
transform[`^.+/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`] = swc({ syntax: 'ecmascript' });

export const moduleNameMapper = {
  // @agentflow/shared's entries, derived from its package.json exports.
  ...jestModuleNameMapper(),
  '\\.css$': path.join(shared, 'testing/styleMock.cjs'),
  // Sources import siblings as './x.js' (NodeNext); Jest finds the .ts file.
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

function project(dir, environment) {
  return {
    displayName: dir,
    rootDir: path.join(root, dir),
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/*.test.ts', '<rootDir>/stack/*.test.ts', '<rootDir>/scripts/*.test.ts', '<rootDir>/federation/**/*.test.ts'],
    transform,
    transformIgnorePatterns,
    moduleNameMapper,
    moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
    // Every catalog is registered up front (the app fetches non-English ones on demand).
    setupFilesAfterEnv: [path.join(shared, 'testing/catalogs.ts'), ...(environment === 'jsdom' ? [path.join(shared, 'testing/setupDom.ts')] : [])],
  };
}

export default {
  projects: [
    project('shared', 'node'),
    project('shell', 'jsdom'),
    project('mf-home', 'jsdom'),
    project('mf-workflows', 'jsdom'),
    project('mf-billing', 'jsdom'),
    project('mf-rbac', 'jsdom'),
    project('chat-widget', 'jsdom'),
    project('billing-api', 'node'),
    project('platform-api', 'node'),
    project('firebase', 'node'),
    // The stack launcher itself (the browser suite has its own config, e2e/jest.config.mjs).
    { ...project('e2e', 'node'), displayName: 'e2e-stack' },
    // Repository tooling: the lint boundaries' fixture test.
    { ...project('tooling', 'node'), testMatch: ['<rootDir>/eslint/*.test.ts'] },
  ],
  testTimeout: 30_000,
  // Jest's default (cores − 1) is one worker on CI's 2 cores, and much of a suite's time is spent waiting for the
  // emulators: two workers keep both cores busy (each API suite has its own emulator project, so they never collide).
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
};
