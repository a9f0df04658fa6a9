// Test code only: an in-memory platform-api for the credentials endpoints,
// reached through a fake fetch that speaks CREDENTIALS_API's wire format
// (JSON bodies, `{error, code}` refusals, masked views, never a secret back).
// Plain functions, no jest globals, so the app's type check accepts it.
import { isTestableCredentialType, secretHint, type CredentialTestResult, type CredentialTypeId, type CredentialView } from '@agentflow/shared/credentials';
import { createCredentialsClient, type CredentialsClient } from '../api';
import { FAKE_PLATFORM, jsonResponse, type RecordedRequest } from '../../runs/testing/fakeRunsServer';

export interface StoredCredential extends CredentialView {
  secrets: Record<string, string>;
}

export interface FakeCredentialsServer {
  fetch: typeof fetch;
  client: CredentialsClient;
  credentials: Map<string, StoredCredential>;
  requests: RecordedRequest[];
  /** What a test call answers for an AI credential (default: ok with two models). */
  testResult: CredentialTestResult;
  /** Answer the next matching request with this response instead (used once). */
  once(method: string, pathPattern: RegExp, respond: (request: RecordedRequest) => Response): void;
}

export function fakeCredential(overrides: Partial<StoredCredential> & Pick<StoredCredential, 'id'>): StoredCredential {
  return {
    type: 'openai',
    name: `Credential ${overrides.id}`,
    owner: { kind: 'user', userId: 'user-1' },
    settings: {},
    secretHints: { apiKey: '••••1234' },
    secrets: { apiKey: 'sk-test-00001234' },
    createdBy: 'user-1',
    createdAt: '2024-06-01T10:00:00.000Z',
    updatedAt: '2024-06-01T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

const view = ({ secrets: _secrets, ...rest }: StoredCredential): CredentialView => rest;
const hints = (secrets: Record<string, string>) => Object.fromEntries(Object.entries(secrets).map(([key, value]) => [key, secretHint(value)]));

export function createFakeCredentialsServer(options: { credentials?: StoredCredential[] } = {}): FakeCredentialsServer {
  const credentials = new Map((options.credentials ?? []).map((c) => [c.id, c]));
  const requests: RecordedRequest[] = [];
  const overrides: Array<{ method: string; pattern: RegExp; respond: (request: RecordedRequest) => Response }> = [];
  let next = 1;
  const notFound = () => jsonResponse(404, { error: 'Credential not found', code: 'credential_not_found' });

  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = (init.headers ?? {}) as Record<string, string>;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      authorization: headers.Authorization,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    const override = overrides.findIndex((o) => o.method === request.method && o.pattern.test(request.path));
    if (override >= 0) return overrides.splice(override, 1)[0]!.respond(request);
    if (!request.authorization?.startsWith('Bearer ')) return jsonResponse(401, { error: 'Missing ID token' });
    const body = (request.body ?? {}) as { type?: CredentialTypeId; name?: string; settings?: Record<string, string>; secrets?: Record<string, string>; organizationId?: string | null };
    const one = /^\/api\/credentials\/([^/]+)(\/test)?$/.exec(request.path);
    if (request.path === '/api/credentials' && request.method === 'GET') return jsonResponse(200, { credentials: [...credentials.values()].map(view) });
    if (request.path === '/api/credentials' && request.method === 'POST') {
      const id = `cred-${next++}`;
      // As platform-api: with organizationId it belongs to that organization's workspace.
      const owner = body.organizationId ? ({ kind: 'organization', organizationId: body.organizationId } as const) : undefined;
      const stored = fakeCredential({ id, type: body.type!, name: body.name!, settings: body.settings ?? {}, secrets: body.secrets ?? {}, secretHints: hints(body.secrets ?? {}), ...(owner ? { owner } : {}) });
      credentials.set(id, stored);
      return jsonResponse(201, view(stored));
    }
    if (!one) return jsonResponse(404, { error: 'Not found' });
    const stored = credentials.get(decodeURIComponent(one[1]!));
    if (!stored) return notFound();
    if (one[2]) {
      // As platform-api: AI keys and app credentials are tested, HTTP secrets and Teams webhooks are not.
      if (!isTestableCredentialType(stored.type)) return jsonResponse(200, { ok: false, models: [], error: 'untestable', code: 'credential_not_testable' });
      return jsonResponse(200, server.testResult);
    }
    if (request.method === 'GET') return jsonResponse(200, view(stored));
    if (request.method === 'DELETE') {
      credentials.delete(stored.id);
      return jsonResponse(204);
    }
    if (request.method === 'PATCH') {
      const secrets = { ...stored.secrets, ...(body.secrets ?? {}) };
      const updated = { ...stored, name: body.name ?? stored.name, settings: body.settings ?? stored.settings, secrets, secretHints: hints(secrets) };
      credentials.set(stored.id, updated);
      return jsonResponse(200, view(updated));
    }
    return jsonResponse(404, { error: 'Not found' });
  }) as typeof fetch;

  const server: FakeCredentialsServer = {
    fetch: fetchImpl,
    client: createCredentialsClient({ baseUrl: FAKE_PLATFORM, getIdToken: async () => 'id-token-1', fetch: fetchImpl }),
    credentials,
    requests,
    testResult: { ok: true, models: ['gpt-4o-mini', 'gpt-4o'] },
    once: (method, pattern, respond) => overrides.push({ method, pattern, respond }),
  };
  return server;
}
