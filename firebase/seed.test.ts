// The seed script, run as `npm start` runs it (a separate process), twice.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { getAdminAuth } from '@agentflow/shared/server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';

const run = promisify(execFile);
const SEED = path.join(__dirname, 'seed.mjs');

test('seeding is safe to run twice: the demo account is created once, then left unchanged', async () => {
  emulatorHosts();
  await getAdminAuth()
    .deleteUser('demo-user')
    .catch((error: { code?: string }) => {
      if (error.code !== 'auth/user-not-found') throw error;
    });

  const first = await run(process.execPath, [SEED]);
  expect(first.stdout).toContain('demo user created (demo@agentflow.local)');
  const second = await run(process.execPath, [SEED]);
  expect(second.stdout).toContain('demo user unchanged');

  const demo = await getAdminAuth().getUser('demo-user');
  expect(demo.email).toBe('demo@agentflow.local');
  expect(demo.displayName).toBe('Demo User');
  const { users } = await getAdminAuth().getUsers([{ email: 'demo@agentflow.local' }]);
  expect(users).toHaveLength(1);
});

test('seeding refuses to run against a real project by accident', async () => {
  const env = { ...process.env, FIRESTORE_EMULATOR_HOST: '', FIREBASE_AUTH_EMULATOR_HOST: '' };
  await expect(run(process.execPath, [SEED], { env })).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('Refusing to seed'),
  });
});
