// Issue 14 against billing-api with the fake Stripe behind it: client input
// that answered 500 (a lone surrogate in packageId, an undecodable path
// parameter) is a 400 naming the field, and nothing is written.
import { pino } from 'pino';
import { BILLING_API, getAdminAuth, listRoutes } from '@agentflow/shared/server';
import type { TestUser } from '../testing/harness';
import { createApp } from './app';
import { startStripeHarness, type StripeHarness } from './testing/stripeHarness';

let h: StripeHarness;
let user: TestUser;

beforeAll(async () => {
  h = await startStripeHarness('client-input');
  user = await h.createUser('lone');
});

afterAll(() => h?.closeAll());

/** Every document of the suite's project, by path. */
async function documents(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const collection of await h.db.listCollections()) {
    for (const doc of (await collection.get()).docs) out[doc.ref.path] = doc.data();
  }
  return out;
}

test('a lone surrogate in packageId is a 400 naming it; no Stripe call, no write (it answered 500)', async () => {
  const before = await documents();
  h.fake.clearLog();
  const response = await h.call('POST', BILLING_API.changePackage, { user, body: { packageId: 'premium\ud800' } });
  expect(response).toEqual({ status: 400, body: { error: 'packageId is not well-formed Unicode (it holds a lone UTF-16 surrogate)', code: 'invalid_unicode' } });
  expect(h.fake.log).toEqual([]);
  expect(await documents()).toEqual(before);
});

test('a path parameter that does not decode is a 400 naming it, on every billing route that has one', async () => {
  const app = createApp({ auth: getAdminAuth(), db: h.db, logger: pino({ level: 'silent' }), allowedOrigins: [] });
  const withParams = listRoutes(app).filter((route) => /:\w+/.test(route.path));
  expect(withParams.length).toBeGreaterThan(0);
  for (const route of withParams) {
    const name = /:(\w+)/.exec(route.path)![1];
    const path = route.path.replace(/:\w+/, '%C0%AF').replace(/:\w+/g, 'x');
    const response = await h.call(route.method, path, { user, body: route.method === 'GET' ? undefined : {} });
    expect({ route: `${route.method} ${route.path}`, ...response }).toEqual({
      route: `${route.method} ${route.path}`,
      status: 400,
      body: { error: `${name} is not valid percent-encoded UTF-8`, code: 'invalid_path_param' },
    });
  }
});
