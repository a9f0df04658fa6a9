// Every connector the platform has. Adding one is a folder (its declaration
// here, its executor in platform-api/src/connectors/<id>/) and a line in
// each registry.
import type { ConnectorDeclaration } from './declaration.js';
import { hubspot } from './hubspot/declaration.js';
import { airtable } from './airtable/declaration.js';
import { slack } from './slack/declaration.js';
import { email } from './email/declaration.js';
import { teams } from './teams/declaration.js';
import { twilio } from './twilio/declaration.js';
import { gmail } from './gmail/declaration.js';
import { googleSheets } from './googleSheets/declaration.js';
import { googleCalendar } from './googleCalendar/declaration.js';
import { pipedrive } from './pipedrive/declaration.js';

export const CONNECTORS: readonly ConnectorDeclaration[] = [hubspot, airtable, slack, email, teams, twilio, gmail, googleSheets, googleCalendar, pipedrive];

export function connectorOf(id: unknown): ConnectorDeclaration | undefined {
  return typeof id === 'string' ? CONNECTORS.find((connector) => connector.id === id) : undefined;
}
