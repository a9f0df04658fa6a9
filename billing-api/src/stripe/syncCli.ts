// The command behind `npm run stripe:sync -w @agentflow/billing-api`: the same
// environment as the service (STRIPE_SECRET_KEY, FIREBASE_PROJECT_ID, emulator hosts).
import { getAdminDb } from '@agentflow/shared/server';
import { createStripeClient, stripeSettingsFromEnv } from './client.js';
import { syncStripePlans } from './sync.js';
import { STRIPE_WEBHOOK_API_VERSION } from './webhook.js';

const stripe = createStripeClient(stripeSettingsFromEnv(process.env));
if (!stripe) {
  console.error('Stripe is not configured. Please add your Stripe secret key to the environment variables.');
  process.exit(1);
}
const db = getAdminDb();
try {
  const webhookUrl = process.env.STRIPE_WEBHOOK_URL?.trim() || null;
  const result = await syncStripePlans(stripe, db, { webhookUrl });
  console.log(`Stripe sync: ${result.createdProducts.length} product(s) and ${result.createdPrices.length} price(s) created.`);
  for (const key of result.transferredLookupKeys) console.log(`  lookup key ${key} moved from an archived price to a new one`);
  for (const [id, prices] of Object.entries(result.packages)) console.log(`  ${id}: monthly ${prices.monthly ?? '-'}, yearly ${prices.yearly ?? '-'}`);
  const endpoint = result.webhookEndpoint;
  if (!endpoint) {
    console.log('Webhook endpoint: not checked. Set STRIPE_WEBHOOK_URL to billing-api\'s public webhook URL (https://…/api/webhooks/stripe) to create it.');
  } else if (endpoint.created) {
    console.log(`Webhook endpoint ${endpoint.id} created for ${endpoint.url}, pinned to API version ${STRIPE_WEBHOOK_API_VERSION}${endpoint.replaced ? ` (replaces ${endpoint.replaced}, now disabled)` : ''}.`);
    console.log(`Set STRIPE_WEBHOOK_SECRET=${endpoint.secret ?? '(Stripe sent no secret)'} on billing-api. Stripe shows this secret only once.`);
  } else {
    console.log(`Webhook endpoint ${endpoint.id} for ${endpoint.url} is pinned to API version ${STRIPE_WEBHOOK_API_VERSION} and up to date; its secret is the one printed when it was created.`);
  }
  await db.terminate();
} catch (error) {
  console.error('Stripe sync failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
