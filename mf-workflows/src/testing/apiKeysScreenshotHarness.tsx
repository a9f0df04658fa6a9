// Test code only: the API keys page in a browser on an in-memory client (no
// services), for the screenshots of e2e/screenshots/apiKeys.mjs. The page
// address picks what is shown: ?lang=de, ?empty=1 (no key yet).
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { TestProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { maskedApiKey, type ApiKeyView } from '@agentflow/shared/api-keys';
import '@agentflow/shared/styles/base.css';
import { ApiKeysClientContext, type ApiKeysClient } from '../apiKeys/apiKeysClient';
import { ApiKeysRoute } from '../apiKeys/ApiKeysRoute';
import { HarnessText } from './harnessText';

const params = new URLSearchParams(window.location.search);
const key = (id: string, overrides: Partial<ApiKeyView>): ApiKeyView => ({
  id,
  name: 'Nightly CRM sync',
  workspaceId: 'personal',
  createdBy: 'user-1',
  scopes: ['workflows:read', 'runs:read', 'runs:write'],
  masked: maskedApiKey(id, 'q7Zk'),
  createdAt: '2026-10-02T09:30:00.000Z',
  expiresAt: '2026-12-31T09:30:00.000Z',
  revokedAt: null,
  lastUsedAt: '2026-11-27T03:00:12.000Z',
  ipAllowList: [],
  rateLimitPerMinute: null,
  status: 'active',
  ...overrides,
});
let keys: ApiKeyView[] =
  params.get('empty') === '1'
    ? []
    : [
        key('Kx8PqRt2VwYz4AbCdEfG', { ipAllowList: ['203.0.113.7', '2001:db8:4f2a::/48'], rateLimitPerMinute: 120 }),
        key('Mn3LpQr7StUv9WxYzA1b', { name: 'Claude Desktop (MCP)', scopes: ['workflows:read', 'runs:write'], expiresAt: null, lastUsedAt: null, masked: maskedApiKey('Mn3LpQr7StUv9WxYzA1b', 'Hh2e') }),
        key('Zz9YyXx8WwVv7UuTtSs6', { name: 'Old invoice export', scopes: ['runs:read', 'files:write'], status: 'revoked', revokedAt: '2026-11-01T12:00:00.000Z', masked: maskedApiKey('Zz9YyXx8WwVv7UuTtSs6', 'p0Lm') }),
      ];
const client: ApiKeysClient = {
  list: async () => keys,
  create: async (body) => {
    // As platform-api answers a scope beyond the creator's role.
    const beyond = body.scopes.indexOf('credentials:read');
    if (beyond >= 0) throw new ApiError('beyond role', 403, 'api_key_scope_exceeds_role', null, { field: `scopes.${beyond}` });
    const created = key('Nw5Ab6Cd7Ef8Gh9Ij0Kl', { name: body.name, scopes: body.scopes, createdAt: new Date().toISOString(), lastUsedAt: null, expiresAt: null, masked: maskedApiKey('Nw5Ab6Cd7Ef8Gh9Ij0Kl', 'T3sQ') });
    keys = [created, ...keys];
    return { key: created, secret: 'afk_Nw5Ab6Cd7Ef8Gh9Ij0Kl_yJ2vH6mC9xQeLr4TzW8nBd1KpUa5FgS0hXoIcV3T3sQ' };
  },
  update: async (keyId, body) => {
    // As platform-api answers an allow-list entry it cannot read.
    const unreadable = (body.ipAllowList ?? []).findIndex((entry) => !/^[0-9a-f.:]+(\/\d+)?$/i.test(entry));
    if (unreadable >= 0) throw new ApiError('not an address', 400, 'invalid_request', null, { field: `ipAllowList.${unreadable}` });
    keys = keys.map((each) => (each.id === keyId ? { ...each, ...body } : each));
    return keys.find((each) => each.id === keyId)!;
  },
  revoke: async (keyId) => {
    keys = keys.map((each) => (each.id === keyId ? { ...each, status: 'revoked', revokedAt: new Date().toISOString() } : each));
    return keys.find((each) => each.id === keyId)!;
  },
};

createRoot(document.getElementById('root')!).render(
  <TestProviders
    options={{
      route: '/workflows/api-keys',
      language: (params.get('lang') ?? 'en') as SupportedLanguage,
      user: testUser(),
      workspace: { currentId: 'personal', workspaces: [personalWorkspace()] },
    }}
  >
    <HarnessText />
    <QueryClientProvider client={new QueryClient()}>
      <ApiKeysClientContext.Provider value={client}>
        {/* The shell's .app-main (shell/src/styles.css): the page is no wider here than in the app. */}
        <main className="app-main" style={{ maxWidth: 1200, margin: '0 auto', padding: '1.5rem 1rem 3rem' }}>
          <Routes>
            <Route path="/workflows/api-keys" element={<ApiKeysRoute />} />
          </Routes>
        </main>
      </ApiKeysClientContext.Provider>
    </QueryClientProvider>
  </TestProviders>,
);
