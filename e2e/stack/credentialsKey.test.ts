// The local stack's vault key: generated once into the data folder, kept
// private to its owner, and the same on every later start. stack.mjs is an
// ES module Jest cannot require, so each check runs it in a node process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const STACK = pathToFileURL(path.join(__dirname, 'stack.mjs')).href;

function evaluate(expression: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', `import * as stack from '${STACK}'; process.stdout.write(String(${expression}));`], { encoding: 'utf8' });
}

test('the first start writes a 32-byte key (mode 600); later starts read the same key back', () => {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'agentflow-key-')), '.agentflow');
  const first = evaluate(`stack.localCredentialsKey(${JSON.stringify(dir)})`);
  expect(Buffer.from(first, 'base64')).toHaveLength(32);
  expect(statSync(path.join(dir, 'credentials.key')).mode & 0o777).toBe(0o600);
  expect(evaluate(`stack.localCredentialsKey(${JSON.stringify(dir)})`)).toBe(first);
  expect(readFileSync(path.join(dir, 'credentials.key'), 'utf8').trim()).toBe(first);
});

test('an operator’s CREDENTIALS_KEY wins over the generated one', () => {
  expect(evaluate(`stack.stackEnv({ shell: 1, remotes: {}, billing: 2, platform: 3 }, { CREDENTIALS_KEY: 'operator-key' }).CREDENTIALS_KEY`)).toBe('operator-key');
});
