// The one list of source aliases for @agentflow/shared, derived from the
// package's `exports` (the single source of truth). Tests and the test
// type-check read shared's sources directly, so nothing needs a build first:
// each compiled entry `./dist/<part>/<file>.js` maps to `src/<part>/<file>.ts(x)`.
// jest.config.mjs builds its moduleNameMapper from this list; gen-paths.mjs
// writes it as tsconfig `paths` (shared/tsconfig.paths.json).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The test kit is source-only TypeScript (never built, never shipped), so it
 * is not an export; tests still import it by the package's name.
 */
const SOURCE_ONLY = [{ specifier: '@agentflow/shared/testing/*', source: 'testing/*' }];

/** Entries that ship as they are (the webpack factory, stylesheets) need no alias. */
function compiledTarget(target) {
  const file = typeof target === 'string' ? target : (target.types ?? '');
  const match = /^\.\/dist\/(.+)\.d\.ts$/.exec(file);
  return match ? match[1] : null;
}

/**
 * [{ specifier, source }] with `source` relative to shared/ ('src/web/index.ts');
 * throws when an export has no source file, so a broken export fails loudly.
 */
export function sharedAliases(sharedDir = SHARED_DIR) {
  const { name, exports } = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));
  const aliases = [];
  for (const [subpath, target] of Object.entries(exports)) {
    const compiled = compiledTarget(target);
    if (!compiled) continue;
    const source = ['.ts', '.tsx'].map((ext) => `src/${compiled}${ext}`).find((file) => existsSync(path.join(sharedDir, file)));
    if (!source) throw new Error(`${name} export '${subpath}' points at dist/${compiled}, but src/${compiled}.ts(x) does not exist`);
    aliases.push({ specifier: subpath === '.' ? name : `${name}/${subpath.slice(2)}`, source });
  }
  return [...aliases, ...SOURCE_ONLY];
}

/** Jest moduleNameMapper entries (absolute paths), in the order of the exports. */
export function jestModuleNameMapper(sharedDir = SHARED_DIR) {
  return Object.fromEntries(
    sharedAliases(sharedDir).map(({ specifier, source }) => {
      const wildcard = specifier.endsWith('/*');
      const escaped = (wildcard ? specifier.slice(0, -1) : specifier).replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      return wildcard ? [`^${escaped}(.*)$`, path.join(sharedDir, source.slice(0, -1) + '$1')] : [`^${escaped}$`, path.join(sharedDir, source)];
    }),
  );
}

/** tsconfig `paths`, relative to shared/ (where tsconfig.paths.json lives). */
export function tsconfigPaths(sharedDir = SHARED_DIR) {
  return Object.fromEntries(sharedAliases(sharedDir).map(({ specifier, source }) => [specifier, [`./${source}`]]));
}
