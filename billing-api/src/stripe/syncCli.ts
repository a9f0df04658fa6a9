// The command behind `npm run stripe:sync -w @agentflow/billing-api`: the same
// environment as the service (STRIPE_SECRET_KEY, FIREBASE_PROJECT_ID, emulator hosts).
import { getAdminDb } from '@agentflow/shared/server';
import { createStripeClient, stripeSettingsFromEnv } from './client.js';
import { syncStripePlans } from './sync.js';

const stripe = createStripeClient(stripeSettingsFromEnv(process.env));
if (!stripe) {
  console.error('Stripe is not configured. Please add your Stripe secret key to the environment variables.');
  process.exit(1);
}
const db = getAdminDb();
try {
  const result = await syncStripePlans(stripe, db);
  console.log(`Stripe sync: ${result.createdProducts.length} product(s) and ${result.createdPrices.length} price(s) created.`);
  for (const [id, prices] of Object.entries(result.packages)) console.log(`  ${id}: monthly ${prices.monthly ?? '-'}, yearly ${prices.yearly ?? '-'}`);
  await db.terminate();
} catch (error) {
  console.error('Stripe sync failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
