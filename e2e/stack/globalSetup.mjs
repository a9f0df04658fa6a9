import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { seed } from '../../firebase/seed.mjs';
import { writeState } from './e2eState.mjs';
import { assertPortsFree } from './processes.mjs';
import { ROOT, TEST_PORTS, buildOutputsExist, portList, stackEnv, startFrontends, startServices, testConnectorEnv, testMailEnv, testStripeEnv } from './stack.mjs';

/**
 * Test-only AI settings for platform-api: agent steps call the fake
 * OpenAI-compatible server the runs e2e test starts on TEST_PORTS.ai, and
 * http steps may reach loopback (the test's own servers).
 */
function testAiEnv(ports) {
  return { AI_BASE_URL: `http://127.0.0.1:${ports.ai}/v1`, AI_API_KEY: 'test', AI_MODEL: 'fake-model', HTTP_ALLOW_PRIVATE_NETWORKS: 'true' };
}

export default async function globalSetup() {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('The e2e suite needs the Firebase emulators: run it with `npm test` (or `npm run test:e2e`).');
  }
  if (!buildOutputsExist()) throw new Error('Production builds are missing: run `npm run build` first.');
  await assertPortsFree(portList(TEST_PORTS, { emulators: false }));
  mkdirSync(path.join(ROOT, '.agentflow'), { recursive: true });
  const logFile = createWriteStream(path.join(ROOT, '.agentflow', 'e2e-stack.log'), { flags: 'w' });
  // billing-api reaches the fake Stripe that the billing e2e test starts on TEST_PORTS.stripe.
  const env = { ...stackEnv(TEST_PORTS), ...testStripeEnv(TEST_PORTS), ...testAiEnv(TEST_PORTS), ...testConnectorEnv(TEST_PORTS), ...testMailEnv(TEST_PORTS), LOG_LEVEL: 'warn' };
  const options = { env, quiet: true, logFile };
  await seed({ projectId: env.FIREBASE_PROJECT_ID }); // the demo account behind 'Try the demo'
  const [services, frontends] = await Promise.all([startServices(TEST_PORTS, options), startFrontends(TEST_PORTS, options)]);
  writeState({
    ports: TEST_PORTS,
    env,
    pids: Object.fromEntries([...services, ...frontends].map((child) => [child.label, child.pid])),
  });
}
