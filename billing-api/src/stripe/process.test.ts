// The built service and the sync command as processes, configured only by
// their environment (as `npm start`, the e2e stack and a deployment run them):
// without STRIPE_* billing is not configured; with them, billing-api verifies
// webhooks with STRIPE_WEBHOOK_SECRET and reaches Stripe at STRIPE_API_HOST/PORT.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BILLING_API, MEMBERSHIP_COLLECTIONS, getAdminDb } from '@agentflow/shared/server';
import { clearFirestore } from '../../testing/harness';
import { ALLOWANCE } from '../testing/allowances';
import { startFakeStripe, type FakeStripe } from '../testing/fakeStripe/index';

const PACKAGE_DIR = path.resolve(__dirname, '../..');
const SECRET = 'sk_test_process';
const WEBHOOK_SECRET = 'whsec_process_secret';

function run(script: string, env: NodeJS.ProcessEnv) {
  const file = path.join(PACKAGE_DIR, script);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const child = spawn(process.execPath, [file], { cwd: PACKAGE_DIR, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitListening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`billing-api on port ${port} never answered`);
}

const freePort = () => 5300 + Math.floor(Math.random() * 90);
const stripeEnv = (fake: FakeStripe) => ({ STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_HOST: fake.host, STRIPE_API_PORT: String(fake.port), STRIPE_API_PROTOCOL: 'http' });

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
});
afterAll(() => fake.close());

test('without STRIPE_SECRET_KEY the service starts and its webhook answers the not-configured message', async () => {
  const port = freePort();
  const service = run('dist/server.js', { PORT: String(port), STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
  try {
    await waitListening(port);
    const delivery = await fake.deliver(fake.buildEvent('customer.created', fake.createCustomer()), { url: `http://127.0.0.1:${port}${BILLING_API.stripeWebhook}` });
    expect([delivery.status, JSON.parse(delivery.body)]).toEqual([503, { error: 'Stripe is not configured. Please add your Stripe secret key to the environment variables.', code: 'billing_not_configured' }]);
  } finally {
    service.child.kill('SIGTERM');
    await service.exited;
  }
});

test('with STRIPE_* set, the service verifies with the webhook secret and calls Stripe at the configured host and port', async () => {
  const port = freePort();
  const service = run('dist/server.js', { PORT: String(port), ...stripeEnv(fake) });
  const url = `http://127.0.0.1:${port}${BILLING_API.stripeWebhook}`;
  try {
    await waitListening(port);
    const uid = `process-${Date.now().toString(36)}`;
    const customer = fake.createCustomer();
    const price = fake.createPrice({ unitAmount: 2900, interval: 'month' });
    // The package comes from the metadata here: the service's project has no synced prices.
    const subscription = fake.createSubscription(customer.id, price.id, { metadata: { userId: uid, packageId: 'premium' } });
    const session = { id: 'cs_test_process', object: 'checkout.session', mode: 'subscription', customer: customer.id, subscription: subscription.id, client_reference_id: uid, metadata: { userId: uid } };
    expect((await fake.deliver(fake.buildEvent('checkout.session.completed', session), { url, secret: 'whsec_wrong' })).status).toBe(400);
    fake.clearLog();
    const delivery = await fake.deliver(fake.buildEvent('checkout.session.completed', session), { url });
    expect([delivery.status, JSON.parse(delivery.body)]).toEqual([200, { received: true, outcome: 'applied' }]);
    expect(fake.log.map((entry) => `${entry.method} ${entry.path}`)).toEqual([`GET /v1/subscriptions/${subscription.id}`]);
    // The service writes to the default project (the emulators:exec one); read it there.
    const membership = await getAdminDb().collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get();
    // The free allowance plus the top-up that reaches the premium allowance (the allowance rule).
    expect(membership.data()).toMatchObject({ role: 'premium', tokensRemaining: ALLOWANCE.premium, stripeCustomerId: customer.id, subscriptionId: subscription.id });
  } finally {
    service.child.kill('SIGTERM');
    await service.exited;
  }
});

test('npm run stripe:sync (dist/stripe/syncCli.js): creates the plans once; the second run creates nothing', async () => {
  const projectId = 'demo-agentflow-billing-synccli';
  await clearFirestore(projectId);
  const env = { ...stripeEnv(fake), FIREBASE_PROJECT_ID: projectId, GCLOUD_PROJECT: projectId };
  const before = fake.prices.size;
  const first = run('dist/stripe/syncCli.js', env);
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain('Stripe sync: 3 product(s) and 6 price(s) created.');
  expect(fake.prices.size).toBe(before + 6);
  const second = run('dist/stripe/syncCli.js', env);
  expect(await second.exited).toBe(0);
  expect(second.output()).toContain('Stripe sync: 0 product(s) and 0 price(s) created.');
  expect(fake.prices.size).toBe(before + 6);
  const missingKey = run('dist/stripe/syncCli.js', { ...env, STRIPE_SECRET_KEY: '' });
  expect(await missingKey.exited).toBe(1);
  expect(missingKey.output()).toContain('Stripe is not configured. Please add your Stripe secret key to the environment variables.');
});
