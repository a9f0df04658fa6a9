// Test code: every catalog registered up front, so components render in any
// language synchronously (the app fetches non-English catalogs on demand).
// The remotes' lazy catalogs (lazyCatalogs: English bundled, the rest fetched)
// of the package under test are fetched before its tests, for the same reason.
import fs from 'node:fs';
import path from 'node:path';
import { registerCatalogs } from '../src/web/i18n/catalogRegistry';
import { CATALOGS } from '../src/web/i18n/catalogs/index';
import { isLazyCatalogs, loadLazyCatalogs, type RemoteCatalogs } from '../src/web/i18n/remoteCatalogs';
import { SUPPORTED_LANGUAGES } from '../src/domain/i18n/languages';
// Tests that import a workflow module directly (not through the entry) get the JSONata compiler too.
import '../src/domain/workflow/jsonataCompiler';

registerCatalogs(CATALOGS);
export { CATALOGS };

const SKIP = new Set(['node_modules', 'dist', 'testing']);

function catalogIndexes(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIP.has(entry.name)) continue;
    const folder = path.join(dir, entry.name);
    if (fs.existsSync(path.join(folder, 'en.ts')) && fs.existsSync(path.join(folder, 'index.ts'))) found.push(path.join(folder, 'index.ts'));
    catalogIndexes(folder, found);
  }
  return found;
}

/** The package folder of the running test file (where its src/ is). */
function packageSource(): string | null {
  let dir = path.dirname(expect.getState().testPath ?? '');
  while (dir !== path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return fs.existsSync(path.join(dir, 'src')) ? path.join(dir, 'src') : null;
    dir = path.dirname(dir);
  }
  return null;
}

beforeAll(async () => {
  const source = packageSource();
  if (!source) return;
  for (const index of catalogIndexes(source)) {
    let module: Record<string, unknown>;
    try {
      module = (await import(index)) as Record<string, unknown>;
    } catch {
      continue; // a test that mocks @agentflow/shared away renders no catalogs
    }
    for (const value of Object.values(module)) {
      if (!value || typeof value !== 'object' || !isLazyCatalogs(value as RemoteCatalogs<object>)) continue;
      await Promise.all(SUPPORTED_LANGUAGES.map((language) => loadLazyCatalogs(null, value as never, language)));
    }
  }
});
