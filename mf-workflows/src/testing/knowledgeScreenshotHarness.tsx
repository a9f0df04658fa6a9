// Test code only: the Knowledge pages in a browser on the in-memory fakes (no
// services), for the screenshots of e2e/screenshots/knowledge.mjs. The page
// address picks what is shown: ?route=/workflows/knowledge[/kb-…]&lang=de&empty=1.
import { createRoot } from 'react-dom/client';
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { TestProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import '@agentflow/shared/styles/base.css';
import { CredentialsClientContext } from '../credentials/api';
import { createFakeCredentialsServer, fakeCredential } from '../credentials/testing/fakeCredentialsServer';
import { KnowledgeClientContext } from '../api/knowledge';
import { KnowledgeBaseRoute, KnowledgeListRoute } from '../pages/knowledge/KnowledgeRoutes';
import { createFakeKnowledgeServer, fakeKnowledgeBase, fakeSource } from '../components/knowledge/testing/fakeKnowledgeServer';
import { HarnessText } from './harnessText';

const params = new URLSearchParams(window.location.search);
const empty = params.has('empty');
const embedding = { credentialId: 'cred-openai', model: 'text-embedding-3-small', dimensions: 1536 };

const knowledge = createFakeKnowledgeServer({
  bases: empty
    ? []
    : [
        fakeKnowledgeBase({ id: 'kb-terms', name: 'Shipping terms', sourceCount: 2, chunkCount: 18 }),
        fakeKnowledgeBase({ id: 'kb-manuals', name: 'Service manuals', description: 'Boiler and heat pump manuals for the field technicians', sourceCount: 12, chunkCount: 1480, embedding }),
        fakeKnowledgeBase({ id: 'kb-listings', name: 'Listings', description: 'Brochures, price list and rental terms of the agency', sourceCount: 5, chunkCount: 212, embedding }),
      ],
  sources: [
    fakeSource({ id: 's-1', knowledgeBaseId: 'kb-listings', kind: 'text', name: 'Deposit rules', size: 1840, chunkCount: 2 }),
    fakeSource({ id: 's-2', knowledgeBaseId: 'kb-listings', kind: 'url', name: 'Old offers page', url: 'https://agency.example.com/offers-2019', status: 'failed', failure: { code: 'knowledge_page_fetch_failed', message: 'HTTP 404' }, size: 0, chunkCount: 0 }),
    fakeSource({ id: 's-3', knowledgeBaseId: 'kb-listings', kind: 'url', name: 'https://agency.example.com/rental-terms', url: 'https://agency.example.com/rental-terms', status: 'queued', size: 0, chunkCount: 0 }),
    fakeSource({ id: 's-4', knowledgeBaseId: 'kb-listings', kind: 'file', name: 'Listing brochure 2025.pdf', status: 'processing', progress: { done: 37, total: 120 }, size: 8_400_000, chunkCount: 0 }),
    fakeSource({ id: 's-5', knowledgeBaseId: 'kb-listings', kind: 'file', name: 'Price list.pdf', size: 254_000, chunkCount: 24 }),
  ],
});
knowledge.searchAnswer = {
  mode: 'hybrid',
  retrievalReason: null,
  passages: [
    {
      chunkId: 'c-1',
      text: 'The deposit is two months of rent, paid by bank transfer before the keys are handed over. It is kept in a separate account.',
      citation: { knowledgeBaseId: 'kb-listings', sourceId: 's-5', sourceName: 'Price list.pdf', url: null, page: 3, headings: ['Rentals', 'Deposits'] },
      relevance: 1,
      similarity: 0.82,
      vectorRank: 1,
      keywordRank: 1,
    },
    {
      chunkId: 'c-2',
      text: 'Deposits are returned within 30 days of the end of the lease, less any repairs agreed at the final inspection.',
      citation: { knowledgeBaseId: 'kb-listings', sourceId: 's-3', sourceName: 'Rental terms', url: 'https://agency.example.com/rental-terms', page: null, headings: ['Returns'] },
      relevance: 0.51,
      similarity: 0.64,
      vectorRank: 2,
      keywordRank: 3,
    },
    {
      chunkId: 'c-3',
      text: 'For furnished flats the deposit may be three months of rent.',
      citation: { knowledgeBaseId: 'kb-listings', sourceId: 's-1', sourceName: 'Deposit rules', url: null, page: null, headings: [] },
      relevance: 0.33,
      similarity: null,
      vectorRank: null,
      keywordRank: 2,
    },
  ],
};
const credentials = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'cred-openai', name: 'Team OpenAI' })] });

createRoot(document.getElementById('root')!).render(
  <TestProviders
    options={{
      route: params.get('route') ?? '/workflows/knowledge',
      language: (params.get('lang') ?? 'en') as SupportedLanguage,
      user: testUser(),
      workspace: { currentId: 'personal', workspaces: [personalWorkspace()] },
    }}
  >
    <HarnessText />
    <CredentialsClientContext.Provider value={credentials.client}>
      <KnowledgeClientContext.Provider value={knowledge.client}>
        <main className="app-main">
          <Routes>
            <Route path="/workflows/knowledge" element={<KnowledgeListRoute />} />
            <Route path="/workflows/knowledge/:id" element={<KnowledgeBaseRoute pollMs={60_000} />} />
          </Routes>
        </main>
      </KnowledgeClientContext.Provider>
    </CredentialsClientContext.Provider>
  </TestProviders>,
);
