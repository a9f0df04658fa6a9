// The Knowledge step in the builder's configuration panel (jsdom): the
// workspace's knowledge bases are offered (listed through the knowledge
// client from an in-memory platform-api), choosing one
// sets the step's knowledgeBaseId, the query, top-k and threshold are fields
// of the form, a fresh step says it needs its base; an agent's panel lists
// the bases as search_knowledge's; the run view shows retrieved passages with
// their citations and the retrieval that ran, in the reader's language,
// as a Knowledge step and as an agent's search_knowledge call.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { KNOWLEDGE_BASE_PLACEHOLDER, createNode, defaultParams, emptyWorkflow, type KnowledgeStepOutput, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import type { SupportedLanguage } from '@agentflow/shared';
import { ConfigPanelHarness } from '../testing/configPanelHarness';
import type { KnowledgeBase } from '@agentflow/shared/knowledge';
import { KnowledgeClientContext } from '../../api/knowledge';
import { createFakeKnowledgeServer, fakeKnowledgeBase } from '../../components/knowledge/testing/fakeKnowledgeServer';
import { jsonResponse } from '../../runs/testing/fakeRunsServer';
import { KnowledgePassages } from './KnowledgePassages';
import { Route } from '@agentflow/shared';
import { RunView } from '../../runs/RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep } from '../../runs/testing/fakeRunsServer';
import { renderRuns } from '../../testing/renderRuns';

const BASES: KnowledgeBase[] = [
  fakeKnowledgeBase({ id: 'kb-manuals', name: 'Service manuals', embedding: { credentialId: 'cred-openai', model: 'text-embedding-3-small', dimensions: 1536 }, chunkCount: 412 }),
  fakeKnowledgeBase({ id: 'kb-terms', name: 'Shipping terms', embedding: null, chunkCount: 9 }),
];

function setup(type: 'knowledge' | 'agent', organizationId: string | null = null, params: Record<string, unknown> = {}): { workflow: Workflow; node: WorkflowNode } {
  const base = { ...emptyWorkflow('user-1', 'Support'), organizationId };
  const trigger = base.nodes[0]!;
  const node = { ...createNode(type, { x: 0, y: 200 }, [trigger.id]), id: 'search', name: 'Search manuals', params: { ...(defaultParams(type) as Record<string, unknown>), ...params } };
  return { workflow: { ...base, nodes: [trigger, node], edges: [{ id: 'e1', source: trigger.id, target: node.id }] }, node };
}

function Harness({ type, organizationId, params, onParams }: { type: 'knowledge' | 'agent'; organizationId: string | null; params?: Record<string, unknown>; onParams: (params: Record<string, unknown>) => void }) {
  return <ConfigPanelHarness setup={() => setup(type, organizationId, params)} onParams={onParams} />;
}

function renderPanel(type: 'knowledge' | 'agent', { language = 'en' as SupportedLanguage, organizationId = null as string | null, bases = BASES, fail = false, params = {} as Record<string, unknown> } = {}) {
  const onParams = jest.fn();
  // The bases are the workflow's workspace's (the server lists a workspace's own).
  const server = createFakeKnowledgeServer({ bases: bases.map((base) => ({ ...base, organizationId })) });
  if (fail) server.once('GET', /^\/api\/knowledge-bases\?/, () => jsonResponse(503, { error: 'unavailable', code: 'unavailable' }));
  renderWithProviders(
    <KnowledgeClientContext.Provider value={server.client}>
      <Harness type={type} organizationId={organizationId} params={params} onParams={onParams} />
    </KnowledgeClientContext.Provider>,
    { language, user: testUser() },
  );
  const listed = () => server.requests.filter((request) => request.method === 'GET' && request.path.startsWith('/api/knowledge-bases?')).map((request) => new URL(request.path, 'http://x').searchParams.get('workspaceId'));
  return { listed, latest: () => onParams.mock.calls.at(-1)?.[0] as Record<string, unknown> };
}

test("a fresh Knowledge step offers the workspace's bases, asks for one, and keeps the query, top-k and threshold", async () => {
  const { listed, latest } = renderPanel('knowledge', { organizationId: 'org-acme' });
  const picker = await screen.findByRole('combobox', { name: 'Knowledge base' });
  expect(listed()).toEqual(['org-acme']);
  expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a knowledge base', 'Service manuals', 'Shipping terms']);
  // A fresh step names no base: the problem is said under the picker.
  expect(within(screen.getByTestId('knowledge-base-picker')).getByRole('alert')).toHaveTextContent(/required/i);

  fireEvent.change(picker, { target: { value: 'kb-terms' } });
  expect(latest()).toMatchObject({ knowledgeBaseId: 'kb-terms', query: 'input.question' });
  expect(screen.getByTestId('knowledge-base-note')).toHaveTextContent('9 passages · No embedding model: searched by keyword alone.');
  expect(within(screen.getByTestId('knowledge-base-picker')).queryByRole('alert')).toBeNull();

  fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'input.message' } });
  fireEvent.change(screen.getByLabelText('Top-k passages'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Minimum similarity'), { target: { value: '0.5' } });
  expect(latest()).toEqual({ knowledgeBaseId: 'kb-terms', query: 'input.message', topK: 3, minSimilarity: 0.5 });
  // Emptied: the base's own setting again.
  fireEvent.change(screen.getByLabelText('Top-k passages'), { target: { value: '' } });
  expect(latest()).not.toHaveProperty('topK');
});

test('a personal workflow lists the personal workspace, and an empty list says how to make a base', async () => {
  const { listed } = renderPanel('knowledge', { bases: [] });
  expect(await screen.findByText('This workspace has no knowledge base yet: create one on the Knowledge page.')).toBeInTheDocument();
  expect(listed()).toEqual(['personal']);
});

test('the load failing is said', async () => {
  renderPanel('knowledge', { fail: true });
  expect(await screen.findByText('The knowledge bases could not be loaded.')).toBeInTheDocument();
});

test("an agent's panel lists the bases for its search_knowledge tool, in the reader's language", async () => {
  const { latest } = renderPanel('agent', { language: 'fr' });
  const group = await screen.findByRole('group', { name: 'Bases de connaissances que cet agent peut interroger' });
  const manuals = await within(group).findByRole('checkbox', { name: /Service manuals/ });
  fireEvent.click(manuals);
  expect(latest()).toMatchObject({ tools: { http: [], delegates: [], knowledge: ['kb-manuals'] } });
  fireEvent.click(within(group).getByRole('checkbox', { name: /Shipping terms/ }));
  expect((latest().tools as { knowledge: string[] }).knowledge).toEqual(['kb-manuals', 'kb-terms']);
  fireEvent.click(within(group).getByRole('checkbox', { name: /Service manuals/ }));
  fireEvent.click(within(group).getByRole('checkbox', { name: /Shipping terms/ }));
  // None left: the key goes, so the agent's params are as before.
  expect(latest().tools).toEqual({ http: [], delegates: [] });
});

test("a copied template's placeholder (and a deleted base) show ticked as missing; picking a base replaces the placeholder, unticking removes the other", async () => {
  const { latest } = renderPanel('agent', { params: { tools: { http: [], delegates: [], knowledge: [KNOWLEDGE_BASE_PLACEHOLDER, 'kb-gone'] } } });
  const group = await screen.findByRole('group', { name: 'Knowledge bases this agent may search' });
  const missing = await within(group).findAllByTestId('agent-knowledge-missing');
  expect(missing.map((row) => row.textContent)).toEqual([`Not in this workspace: ${KNOWLEDGE_BASE_PLACEHOLDER} (untick to remove)`, 'Not in this workspace: kb-gone (untick to remove)']);
  expect(within(missing[0]!).getByRole('checkbox')).toBeChecked();
  fireEvent.click(within(group).getByRole('checkbox', { name: /Service manuals/ }));
  expect((latest().tools as { knowledge: string[] }).knowledge).toEqual(['kb-gone', 'kb-manuals']);
  fireEvent.click(within(group).getByRole('checkbox', { name: /kb-gone/ }));
  expect((latest().tools as { knowledge: string[] }).knowledge).toEqual(['kb-manuals']);
  expect(within(group).queryByTestId('agent-knowledge-missing')).toBeNull();
});

const OUTPUT: KnowledgeStepOutput = {
  knowledgeBaseId: 'kb-manuals',
  query: 'boiler warranty',
  mode: 'hybrid',
  passages: [
    { text: 'The warranty covers parts and labour for two years.', score: 1, sourceId: 's1', citation: { knowledgeBaseId: 'kb-manuals', sourceId: 's1', sourceName: 'Boiler manual.pdf', url: null, page: 9, headings: ['Boiler', 'Warranty'] } },
    { text: 'Parcels leave within two days.', score: 0.52, sourceId: 's2', citation: { knowledgeBaseId: 'kb-manuals', sourceId: 's2', sourceName: 'Shipping', url: 'https://example.com/shipping', page: null, headings: [] } },
  ],
};

test('the run view shows each passage numbered under its citation, linking a web page, with the retrieval that ran', async () => {
  renderWithProviders(<KnowledgePassages output={OUTPUT} />, { language: 'de' });
  const passages = await screen.findAllByTestId('knowledge-passage');
  expect(passages).toHaveLength(2);
  await waitFor(() => expect(passages[0]).toHaveTextContent('[1] Boiler manual.pdf, S. 9 — Boiler › Warranty'));
  expect(passages[0]).toHaveTextContent('Relevanz 1');
  expect(within(passages[1]!).getByRole('link', { name: 'Shipping' })).toHaveAttribute('href', 'https://example.com/shipping');
  expect(passages[1]).toHaveTextContent('Relevanz 0,52');
  expect(screen.getByTestId('knowledge-mode')).toHaveTextContent('Hybride Suche (Vektoren und Stichwörter)');
});

test('a search that found nothing says so', async () => {
  renderWithProviders(<KnowledgePassages output={{ ...OUTPUT, mode: 'keyword', passages: [] }} />, { language: 'en' });
  expect(await screen.findByText('No passage matched.')).toBeInTheDocument();
  expect(screen.getByTestId('knowledge-mode')).toHaveTextContent('Keyword search (no embedding model)');
});

test("the run view shows a Knowledge step's passages and an agent's search_knowledge call under it, each with its citations", async () => {
  const child = fakeStep({ id: 'answer/search_knowledge#1', parentStepId: 'answer', nodeId: 'answer', name: 'search_knowledge', type: 'knowledge', status: 'succeeded', startedAt: at(1), endedAt: at(1.2), input: { query: 'boiler warranty', knowledgeBaseId: 'kb-manuals' }, output: OUTPUT, tokens: 1 });
  const run = fakeRun({
    status: 'succeeded',
    startedAt: at(0),
    endedAt: at(2),
    steps: [
      fakeStep({ id: 'trigger', name: 'Question', type: 'trigger.manual', status: 'succeeded', startedAt: at(0), endedAt: at(0.1), output: { question: 'How long is the warranty?' } }),
      fakeStep({ id: 'search', name: 'Search manuals', type: 'knowledge', status: 'succeeded', startedAt: at(0.1), endedAt: at(0.5), output: { ...OUTPUT, mode: 'keyword' }, tokens: 0 }),
      fakeStep({ id: 'answer', name: 'Assistant', type: 'agent', status: 'succeeded', startedAt: at(0.5), endedAt: at(2), output: 'Two years, parts and labour [1].', tokens: 5 }),
      child,
    ],
  });
  const server = createFakeRunsServer({ runs: [run] });
  renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" stream={{ reconnectDelayMs: 10, maxDelayMs: 40 }} />} />, '/workflows/wf-1/runs/run-1');
  const stepById = (id: string) => {
    const found = document.querySelector(`[data-testid="run-step"][data-step-id="${CSS.escape(id)}"]`);
    if (!(found instanceof HTMLElement)) throw new Error(`no step ${id} yet`);
    return found;
  };
  const search = await waitFor(() => stepById('search'));
  expect(within(search).getByTestId('knowledge-mode')).toHaveTextContent('Keyword search (no embedding model)');
  expect(within(search).getAllByTestId('knowledge-passage')[0]).toHaveTextContent('[1] Boiler manual.pdf, p. 9 — Boiler › Warranty');
  const call = stepById(child.id);
  expect(call.closest('[data-testid="run-step-children"]')).not.toBeNull();
  expect(within(call).getByTestId('knowledge-mode')).toHaveTextContent('Hybrid search (vectors and keywords)');
  expect(within(call).getAllByTestId('knowledge-passage')).toHaveLength(2);
  // The agent's own step shows no passages: they belong to its call.
  expect(stepById('answer').querySelectorAll(':scope > [data-testid="knowledge-passages"]')).toHaveLength(0);
});
