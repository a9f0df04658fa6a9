// The executor of every connector (one folder each, beside this file); the
// declarations are shared/src/domain/connectors/registry.ts.
import type { ConnectorExecutor } from './runtime/types.js';
import { hubspotExecutor } from './hubspot/executor.js';
import { airtableExecutor } from './airtable/executor.js';
import { slackExecutor } from './slack/executor.js';
import { emailExecutor } from './email/executor.js';
import { teamsExecutor } from './teams/executor.js';
import { twilioExecutor } from './twilio/executor.js';
import { gmailExecutor } from './gmail/executor.js';
import { googleSheetsExecutor } from './googleSheets/executor.js';
import { googleCalendarExecutor } from './googleCalendar/executor.js';
import { pipedriveExecutor } from './pipedrive/executor.js';

export const CONNECTOR_EXECUTORS: ReadonlyMap<string, ConnectorExecutor> = new Map([hubspotExecutor, airtableExecutor, slackExecutor, emailExecutor, teamsExecutor, twilioExecutor, gmailExecutor, googleSheetsExecutor, googleCalendarExecutor, pipedriveExecutor].map((executor) => [executor.id, executor]));
