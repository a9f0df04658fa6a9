// Every literal key the apps pass to t() must have an English text (or
// English plural forms): a missing one shows the key itself to the user, and
// no type or translation check catches it (the catalogs are checked against
// each other, not against the code). Keys built at run time (`${K}…`, a
// prefix constant plus a name) are not seen here; their callers give a
// defaultValue.
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGS } from '../src/web/i18n/catalogs/index';
import { deepMerge, lookup, type Texts } from '../src/domain/i18n/translate';
import { isLazyCatalogs, type RemoteCatalogs } from '../src/web/i18n/remoteCatalogs';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['shared/src/web', 'shell/src', 'mf-home/src', 'mf-workflows/src', 'mf-billing/src', 'mf-rbac/src'].map((dir) => path.join(ROOT, dir));
const SKIP = new Set(['node_modules', 'dist', 'testing']);

function walk(dir: string, visit: (file: string) => void): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) walk(target, visit);
    } else visit(target);
  }
}

/** A catalog folder holds en.ts and index.ts (the rule shared/testing/catalogs.ts uses). */
async function englishTexts(): Promise<Texts> {
  const english = deepMerge({}, CATALOGS.en, false);
  const indexes: string[] = [];
  for (const source of SOURCES) walk(source, (file) => path.basename(file) === 'index.ts' && fs.existsSync(path.join(path.dirname(file), 'en.ts')) && indexes.push(file));
  for (const index of indexes) {
    for (const value of Object.values((await import(index)) as Record<string, unknown>)) {
      if (!value || typeof value !== 'object') continue;
      const catalogs = value as RemoteCatalogs<object> & { en?: unknown };
      if (isLazyCatalogs(catalogs)) deepMerge(english, catalogs.en, false);
      else if (typeof catalogs.en === 'object' && catalogs.en !== null) deepMerge(english, catalogs.en, false);
    }
  }
  return english;
}

/** `file: key` for every t('literal') in the apps' sources (tests excluded). */
function literalKeys(): Array<{ file: string; key: string }> {
  const found: Array<{ file: string; key: string }> = [];
  for (const source of SOURCES) {
    walk(source, (file) => {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return;
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*(?:'([^'\\\n]+)'|"([^"\\\n]+)"|`([^`$\\\n]+)`)/g)) {
        found.push({ file: path.relative(ROOT, file), key: match[1] ?? match[2] ?? match[3] ?? '' });
      }
    });
  }
  return found;
}

test("every t('literal key') in the apps has an English text", async () => {
  const english = await englishTexts();
  const keys = literalKeys();
  const has = (key: string) => typeof lookup(english, key) === 'string';
  const missing = keys.filter(({ key }) => !has(key) && !has(`${key}_one`) && !has(`${key}_other`)).map(({ file, key }) => `${file}: ${key}`);
  expect(keys.length).toBeGreaterThan(500); // the scan still finds the app's keys (710 when written)
  expect(missing).toEqual([]);
});
