// `npm run workspaces:migrate-teams -w platform-api`: turns billing teams into
// workspaces once, at the deployment that ships workspaces (see
// teamMigration.ts and the README). Safe to run again: it migrates only what
// is left in the team collections.
import { pino } from 'pino';
import { getAdminDb } from '@agentflow/shared/server';
import { firestoreAuditWriter } from '../access/audit.js';
import { migrateBillingTeams } from './teamMigration.js';

const logger = pino({ name: 'workspaces-migrate-teams' });
const db = getAdminDb();
const report = await migrateBillingTeams(db, { logger, audit: firestoreAuditWriter(db) });
await db.terminate();
process.exit(report.skipped.length > 0 ? 1 : 0);
