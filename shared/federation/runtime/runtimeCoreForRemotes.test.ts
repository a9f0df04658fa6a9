// The shell hands the remotes a list of runtime-core exports, not the whole
// namespace (runtimeCoreForRemotes.mjs). A Module Federation upgrade whose
// remote runtime imports one more name would break every remote at start in
// the browser; this test names it first.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const RUNTIME_CORE = '@module-federation/runtime-core';

/** Names in `import { a, b as c } from "<module>"` statements of a source text (the imported names, not the local ones). */
function namedImports(source: string, module: string): Set<string> {
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${module.replace(/[/.]/g, '\\$&')}["']`, 'g');
  for (const match of source.matchAll(pattern)) {
    for (const item of match[1]!.split(',')) {
      const name = item.trim().split(/\s+as\s+/)[0]!.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/** The remote side: what @module-federation/runtime (which a remote's bundler runtime loads) imports from runtime-core. */
function importedByRemoteRuntime(): { names: Set<string>; wholeNamespace: string[] } {
  const dist = path.dirname(require.resolve('@module-federation/runtime/package.json')) + '/dist';
  const names = new Set<string>();
  const wholeNamespace: string[] = [];
  for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
    const source = readFileSync(path.join(dist, file), 'utf8');
    for (const name of namedImports(source, RUNTIME_CORE)) names.add(name);
    if (new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s+from\\s*["']${RUNTIME_CORE}["']`).test(source)) wholeNamespace.push(file);
  }
  return { names, wholeNamespace };
}

const provided = namedImports(readFileSync(path.join(__dirname, 'runtimeCoreForRemotes.mjs'), 'utf8'), '@module-federation/runtime-tools/runtime-core');

test('the shell hands over every runtime-core name a remote runtime imports', () => {
  const { names } = importedByRemoteRuntime();
  expect(names.size).toBeGreaterThan(5); // the scan found the imports at all
  expect([...names].filter((name) => !provided.has(name))).toEqual([]);
});

test('the remote runtime reads the whole namespace only through core.js, which a webpack remote does not load', () => {
  // runtime/dist/core.js re-exports the namespace for '@module-federation/runtime/core'; webpack's bundler runtime
  // imports '@module-federation/runtime' and '@module-federation/runtime/helpers' (checked below), never '/core'.
  expect(importedByRemoteRuntime().wholeNamespace).toEqual(['core.js']);
  const bundlerDist = path.dirname(require.resolve('@module-federation/webpack-bundler-runtime/package.json')) + '/dist';
  const bundlerSources = readdirSync(bundlerDist)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(path.join(bundlerDist, name), 'utf8'))
    .join('\n');
  expect(bundlerSources).toMatch(/from "@module-federation\/runtime"/);
  expect(bundlerSources).not.toMatch(/from "@module-federation\/runtime\/core"/);
});

test('what is handed over is exactly what is imported (no name published undefined)', () => {
  const source = readFileSync(path.join(__dirname, 'runtimeCoreForRemotes.mjs'), 'utf8');
  const published = source.slice(source.indexOf('??= {')).match(/\{([^}]*)\}/)![1]!.split(',').map((name) => name.trim()).filter(Boolean);
  expect(new Set(published)).toEqual(provided);
});
