import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { seed } from '../../firebase/seed.mjs';
import { writeState } from './e2eState.mjs';
import { assertPortsFree } from './processes.mjs';
import { ROOT, TEST_PORTS, buildOutputsExist, portList, stackEnv, startFrontends, startServices } from './stack.mjs';

export default async function globalSetup() {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('The e2e suite needs the Firebase emulators: run it with `npm test` (or `npm run test:e2e`).');
  }
  if (!buildOutputsExist()) throw new Error('Production builds are missing: run `npm run build` first.');
  await assertPortsFree(portList(TEST_PORTS, { emulators: false }));
  mkdirSync(path.join(ROOT, '.agentflow'), { recursive: true });
  const logFile = createWriteStream(path.join(ROOT, '.agentflow', 'e2e-stack.log'), { flags: 'w' });
  const env = { ...stackEnv(TEST_PORTS), LOG_LEVEL: 'warn' };
  const options = { env, quiet: true, logFile };
  await seed({ projectId: env.FIREBASE_PROJECT_ID }); // the demo account behind 'Try the demo'
  const [services, frontends] = await Promise.all([startServices(TEST_PORTS, options), startFrontends(TEST_PORTS, options)]);
  writeState({
    ports: TEST_PORTS,
    env,
    pids: Object.fromEntries([...services, ...frontends].map((child) => [child.label, child.pid])),
  });
}
