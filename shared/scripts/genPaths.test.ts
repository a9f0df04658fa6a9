// tsconfig paths to shared's sources are generated from shared/package.json
// exports; this fails `npm test` when someone changed an export and forgot to
// regenerate them (the Jest mapper reads the exports itself, so it cannot be stale).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const script = path.join(__dirname, 'gen-paths.mjs');

test('shared/tsconfig.paths.json matches shared/package.json exports', () => {
  const result = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});
