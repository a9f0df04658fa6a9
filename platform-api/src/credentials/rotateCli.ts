// `npm run credentials:rotate -w platform-api`: re-encrypts every credential
// under CREDENTIALS_KEY (see rotate.ts). Exits 1 when any could not be opened.
import { pino } from 'pino';
import { getAdminDb } from '@agentflow/shared/server';
import { keyRingFromEnv } from './keyRing.js';
import { rotateCredentials } from './rotate.js';

const logger = pino({ name: 'credentials-rotate' });
const ring = keyRingFromEnv(process.env);
if (!ring) {
  logger.error('CREDENTIALS_KEY is not set: set the new key there and the old ones in CREDENTIALS_PREVIOUS_KEYS');
  process.exit(1);
}
const db = getAdminDb();
const report = await rotateCredentials(db, ring, logger);
await db.terminate();
process.exit(report.failed.length > 0 ? 1 : 0);
