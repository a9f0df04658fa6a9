// One Jest project per package. TypeScript is transpiled by ts-jest to
// CommonJS (type checking is `npm run typecheck`); workspace imports of
// @agentflow/shared resolve to its sources so tests never need a build
// (shared/scripts/aliases.mjs derives the mapping from shared's exports).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jestModuleNameMapper } from './shared/scripts/aliases.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const shared = path.join(root, 'shared');

export const transform = {
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      tsconfig: {
        target: 'ES2022',
        module: 'commonjs',
        moduleResolution: 'node10',
        ignoreDeprecations: '6.0',
        jsx: 'react-jsx',
        esModuleInterop: true,
        isolatedModules: true,
        strict: true,
        skipLibCheck: true,
        resolveJsonModule: true,
      },
    },
  ],
};

/**
 * ESM-only packages the services use, compiled to CommonJS for Jest (ts-jest
 * with allowJs); every other node_module is loaded as it is.
 */
// quickjs-emscripten's CommonJS build loads its WebAssembly variant with import(), which Jest's CommonJS runtime refuses.
const ESM_PACKAGES = ['oauth4webapi', 'quickjs-emscripten', 'quickjs-emscripten-core', '@jitl/quickjs-[a-z-]+'];
export const transformIgnorePatterns = [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`];
transform[`^.+/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`] = ['ts-jest', { tsconfig: { target: 'ES2022', module: 'commonjs', allowJs: true, isolatedModules: true, skipLibCheck: true } }];

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
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/*.test.ts', '<rootDir>/stack/*.test.ts', '<rootDir>/scripts/*.test.ts'],
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
    project('billing-api', 'node'),
    project('platform-api', 'node'),
    project('firebase', 'node'),
    // The stack launcher itself (the browser suite has its own config, e2e/jest.config.mjs).
    { ...project('e2e', 'node'), displayName: 'e2e-stack' },
    // Repository tooling: the lint boundaries' fixture test.
    { ...project('tooling', 'node'), testMatch: ['<rootDir>/eslint/*.test.ts'] },
  ],
  testTimeout: 30_000,
};
