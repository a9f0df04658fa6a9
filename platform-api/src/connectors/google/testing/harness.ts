// The Google connectors' tests drive the real executors through the
// ConnectorRuntime against the fake Google server: a Google OAuth
// credential whose access token the fake accepts, instant waits that are
// recorded, and loopback allowed (ALLOW_LOCAL, tests only).
import type { FileRef } from '@agentflow/shared/domain';
import type { OpenedCredential } from '../../../credentials/index.js';
import { ALLOW_LOCAL } from '../../../testing/runsHarness.js';
import { CONNECTOR_EXECUTORS } from '../../registry.js';
import { ConnectorRuntime, type ConnectorCall } from '../../runtime/runtime.js';
import type { ConnectorFile, TokenRefresher } from '../../runtime/types.js';
import type { FakeGoogle } from './fakeGoogle.js';

export const ACCESS_TOKEN = 'ya29.first-access-token';
export const REFRESH_TOKEN = '1//refresh-token';

export function googleCredential(accessToken = ACCESS_TOKEN): OpenedCredential {
  return { id: 'cred-google', type: 'googleOAuth', settings: { account: 'owner@example.com', scope: 'https://www.googleapis.com/auth/gmail.send' }, secrets: { accessToken, refreshToken: REFRESH_TOKEN } };
}

export interface GoogleHarness {
  runtime: ConnectorRuntime;
  /** Every wait the runtime asked for, in ms. */
  waits: number[];
  invoke(connectorId: string, operationId: string, values: Record<string, unknown>, files?: Record<string, ConnectorFile>): Promise<unknown>;
  poll(connectorId: string, triggerId: string, values: Record<string, unknown>, cursor: string | null): Promise<{ items: unknown[]; cursor: string }>;
}

export function googleHarness(fake: FakeGoogle, options: { refresh?: TokenRefresher; credential?: OpenedCredential } = {}): GoogleHarness {
  fake.grant(ACCESS_TOKEN);
  const waits: number[] = [];
  const runtime = new ConnectorRuntime({
    executors: CONNECTOR_EXECUTORS,
    vault: { use: async () => options.credential ?? googleCredential() },
    baseUrls: { gmail: fake.url, googleSheets: fake.url, googleCalendar: fake.calendarUrl },
    wait: async (ms) => void waits.push(ms),
    ...(options.refresh ? { refresh: options.refresh } : {}),
  });
  const call = (connectorId: string, files?: Record<string, ConnectorFile>): ConnectorCall => ({
    connectorId,
    credentialId: 'cred-google',
    ownerId: 'owner',
    stepName: 'Step',
    policy: ALLOW_LOCAL,
    signal: new AbortController().signal,
    ...(files
      ? {
          readFile: async (ref: FileRef) => {
            const file = files[ref.fileId];
            if (!file) throw new Error(`no file ${ref.fileId}`);
            return file;
          },
        }
      : {}),
  });
  return {
    runtime,
    waits,
    invoke: (connectorId, operationId, values, files) => runtime.invoke(call(connectorId, files), operationId, values),
    poll: (connectorId, triggerId, values, cursor) => runtime.poll(call(connectorId), triggerId, values, cursor),
  };
}
