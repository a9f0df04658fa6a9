// Test code only: the chat apps pages in a browser on an in-memory client (no
// services), for the screenshots of e2e/screenshots/chatApps.mjs. The page
// address picks what is shown: ?route=/workflows/chat-apps[/app-…]&lang=de.
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { TestProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { DEFAULT_CHAT_LIMITS, DEFAULT_CHAT_MEMORY, type ChatApp, type ChatMessage, type Conversation } from '@agentflow/shared/chat';
import '@agentflow/shared/styles/base.css';
import { CatalogueSourceProvider } from '../components/CatalogueSourceContext';
import { ChatAppsClientContext, type ChatAppsClient } from '../chatApps/chatAppsClient';
import { ChatAppRoute, ChatAppsRoute } from '../chatApps/ChatAppsRoute';
import type { CatalogueSource } from '../api/catalogue';
import type { Workflow } from '@agentflow/shared/workflow';
import { HarnessText } from './harnessText';

const params = new URLSearchParams(window.location.search);
const at = '2026-11-26T09:30:00.000Z';
const app = (overrides: Partial<ChatApp>): ChatApp => ({
  id: 'app-listings',
  workflowId: 'wf-listings',
  ownerId: 'user-1',
  organizationId: null,
  status: 'published',
  allowedOrigins: ['https://www.harbour-homes.example'],
  limits: DEFAULT_CHAT_LIMITS,
  requireSignIn: false,
  greeting: 'Hello! I can answer questions about our listings and book a viewing.',
  suggestedQuestions: ['Which flats have a balcony?', 'Can I book a viewing on Saturday?'],
  appearance: { name: 'Harbour Homes assistant', colour: '#0f766e' },
  memory: DEFAULT_CHAT_MEMORY,
  createdBy: 'user-1',
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
let apps: ChatApp[] = [app({}), app({ id: 'app-manuals', workflowId: 'wf-manuals', status: 'paused', appearance: { name: 'Technician manuals', colour: '#7c3aed' }, allowedOrigins: [] })];
const conversations: Conversation[] = [
  { id: 'c-1', appId: 'app-listings', workflowId: 'wf-listings', ownerId: 'user-1', organizationId: null, visitorId: 'v-1', visitorUid: null, origin: 'https://www.harbour-homes.example', messageCount: 4, createdAt: '2026-11-27T08:12:00.000Z', updatedAt: at },
  { id: 'c-2', appId: 'app-listings', workflowId: 'wf-listings', ownerId: 'user-1', organizationId: null, visitorId: 'v-2', visitorUid: null, origin: null, messageCount: 2, createdAt: '2026-11-26T17:40:00.000Z', updatedAt: at },
];
const messages: ChatMessage[] = [
  { id: 'm-0', seq: 0, role: 'user', text: 'Does the flat on Quay Street have a balcony?', citations: [], toolCalls: [], runId: null, status: 'done', errorCode: null, createdAt: at },
  {
    id: 'm-1',
    seq: 1,
    role: 'assistant',
    text: 'Yes: the Quay Street flat has a south-facing balcony of 8 m², off the living room. Would you like to book a viewing?',
    citations: [{ knowledgeBaseId: 'kb-listings', sourceId: 's-1', sourceName: 'Quay Street brochure.pdf', url: null, page: 3, headings: ['Outside space'] }],
    toolCalls: [],
    runId: 'run-42',
    status: 'done',
    errorCode: null,
    createdAt: at,
  },
];
const client: ChatAppsClient = {
  list: async () => apps,
  publish: async () => {
    throw new ApiError('no chat trigger', 400, 'chat_no_chat_trigger');
  },
  get: async (appId) => apps.find((each) => each.id === appId)!,
  update: async (appId, body) => {
    const { appearance, limits, memory, ...rest } = body;
    apps = apps.map((each) => (each.id === appId ? { ...each, ...rest, ...(appearance ? { appearance } : {}), ...(limits ? { limits } : {}), ...(memory ? { memory } : {}) } : each));
    return apps.find((each) => each.id === appId)!;
  },
  remove: async () => undefined,
  conversations: async () => conversations,
  conversation: async (_appId, conversationId) => ({ conversation: conversations.find((each) => each.id === conversationId)!, messages }),
};
const workflow = (id: string, name: string) => ({ id, name, ownerId: 'user-1', visibility: 'private', nodes: [], edges: [] }) as unknown as Workflow;
const source = {
  listMine: async () => [workflow('wf-listings', 'Listing assistant'), workflow('wf-manuals', 'Technician manual assistant')],
  listOrganization: async () => [],
} as unknown as CatalogueSource;

createRoot(document.getElementById('root')!).render(
  <TestProviders
    options={{
      route: params.get('route') ?? '/workflows/chat-apps',
      language: (params.get('lang') ?? 'en') as SupportedLanguage,
      user: testUser(),
      workspace: { currentId: 'personal', workspaces: [personalWorkspace()] },
    }}
  >
    <HarnessText />
    <QueryClientProvider client={new QueryClient()}>
      <CatalogueSourceProvider source={source}>
        <ChatAppsClientContext.Provider value={client}>
          <main className="app-main">
            <Routes>
              <Route path="/workflows/chat-apps" element={<ChatAppsRoute />} />
              <Route path="/workflows/chat-apps/:appId" element={<ChatAppRoute />} />
            </Routes>
          </main>
        </ChatAppsClientContext.Provider>
      </CatalogueSourceProvider>
    </QueryClientProvider>
  </TestProviders>,
);
