// The Knowledge page's list (issue 23): the workspace's knowledge bases with
// their counts and search mode (and why keyword only), New with the domain's
// checks and the service's 400s under their fields, Edit, and Delete confirmed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CHUNKING_LIMITS } from '@agentflow/shared/knowledge';
import { jsonResponse } from '../../runs/testing/fakeRunsServer';
import { createFakeCredentialsServer, fakeCredential } from '../../credentials/testing/fakeCredentialsServer';
import { createFakeKnowledgeServer, fakeKnowledgeBase } from '../../components/knowledge/testing/fakeKnowledgeServer';
import { renderKnowledge } from '../../testing/renderKnowledge';

const MANUALS = fakeKnowledgeBase({
  id: 'kb-manuals',
  name: 'Service manuals',
  description: 'Boiler and heat pump manuals',
  sourceCount: 12,
  chunkCount: 1480,
  embedding: { credentialId: 'cred-openai', model: 'text-embedding-3-small', dimensions: 1536 },
});
const PRICES = fakeKnowledgeBase({ id: 'kb-prices', name: 'Price list', sourceCount: 1, chunkCount: 9 });
const ACME_TERMS = fakeKnowledgeBase({ id: 'kb-acme', name: 'Acme shipping terms', organizationId: 'org-acme' });
const OPENAI = fakeCredential({ id: 'cred-openai', name: 'Team OpenAI', type: 'openai' });
const ANTHROPIC = fakeCredential({ id: 'cred-claude', name: 'Claude', type: 'anthropic' });

const card = (name: string) => screen.getByRole('listitem', { name });
const posts = (server: ReturnType<typeof createFakeKnowledgeServer>) => server.requests.filter((r) => r.method === 'POST').map((r) => r.body);

test('empty: one sentence says what a knowledge base is', async () => {
  renderKnowledge(createFakeKnowledgeServer(), createFakeCredentialsServer());
  expect(await screen.findByTestId('knowledge-empty')).toHaveTextContent(/A knowledge base holds files, web pages and text your agents can search/);
  expect(screen.getByRole('heading', { level: 1, name: 'Knowledge' })).toBeInTheDocument();
  expect(screen.getByTestId('knowledge-workspace')).toHaveTextContent('Your personal knowledge bases');
});

test('lists the workspace’s bases with counts and search mode; keyword only says why', async () => {
  const knowledge = createFakeKnowledgeServer({ bases: [MANUALS, PRICES, ACME_TERMS] });
  renderKnowledge(knowledge, createFakeCredentialsServer());
  await screen.findByRole('listitem', { name: 'Service manuals' });
  expect(knowledge.requests[0]!.path).toBe('/api/knowledge-bases?workspaceId=personal');
  // The organization's base is not in the personal workspace.
  expect(within(screen.getByRole('list', { name: 'Knowledge bases' })).getAllByRole('listitem')).toHaveLength(2);
  const manuals = card('Service manuals');
  expect(manuals).toHaveTextContent('Boiler and heat pump manuals');
  expect(within(manuals).getByTestId('knowledge-source-count')).toHaveTextContent('12');
  expect(within(manuals).getByTestId('knowledge-chunk-count')).toHaveTextContent('1,480');
  expect(within(manuals).getByTestId('knowledge-mode')).toHaveTextContent('By meaning and keywords');
  expect(within(manuals).queryByTestId('knowledge-mode-reason')).not.toBeInTheDocument();
  // No credential that embeds in this workspace: that is the reason.
  const prices = card('Price list');
  expect(within(prices).getByTestId('knowledge-mode')).toHaveTextContent('Keywords only');
  expect(await within(prices).findByTestId('knowledge-mode-reason')).toHaveTextContent('This workspace has no AI credential that makes embeddings');
});

test('keyword only with an embedding credential in the workspace: none was chosen', async () => {
  renderKnowledge(createFakeKnowledgeServer({ bases: [PRICES] }), createFakeCredentialsServer({ credentials: [OPENAI] }));
  const reason = await within(await screen.findByRole('listitem', { name: 'Price list' })).findByTestId('knowledge-mode-reason');
  expect(reason).toHaveTextContent('No embedding model was chosen when it was made');
});

test('creates a base with an embedding model and chunking, then opens it', async () => {
  const knowledge = createFakeKnowledgeServer();
  renderKnowledge(knowledge, createFakeCredentialsServer({ credentials: [OPENAI, ANTHROPIC] }));
  fireEvent.click(await screen.findByRole('button', { name: 'New knowledge base' }));
  const form = screen.getByRole('form', { name: 'New knowledge base' });
  const embedding = within(form).getByLabelText('Embedding model');
  // Only credentials whose provider makes embeddings are offered (Anthropic has none).
  await waitFor(() => expect(within(embedding).getAllByRole('option').map((o) => o.textContent)).toEqual(['None: keywords only', 'Team OpenAI (OpenAI)']));
  expect(within(form).getByLabelText('Passage size (characters)')).toHaveValue(CHUNKING_LIMITS.defaultSize);
  expect(within(form).getByLabelText('Passage size (characters)')).toHaveAccessibleDescription(`Between ${CHUNKING_LIMITS.minSize} and ${CHUNKING_LIMITS.maxSize.toLocaleString('en')}. Headings and paragraphs are kept together where they fit.`);
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Listings' } });
  fireEvent.change(within(form).getByLabelText('Description (optional)'), { target: { value: 'Brochures of the listings' } });
  fireEvent.change(embedding, { target: { value: 'cred-openai' } });
  expect(within(form).getByLabelText('Model name')).toHaveValue('text-embedding-3-small');
  fireEvent.change(within(form).getByLabelText('Passage size (characters)'), { target: { value: '800' } });
  fireEvent.change(within(form).getByLabelText('Overlap (characters)'), { target: { value: '100' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workflows/knowledge/kb-1'));
  expect(posts(knowledge)).toEqual([
    {
      workspaceId: 'personal',
      name: 'Listings',
      description: 'Brochures of the listings',
      chunking: { size: 800, overlap: 100 },
      embedding: { credentialId: 'cred-openai', model: 'text-embedding-3-small' },
    },
  ]);
  expect(await screen.findByRole('heading', { level: 1, name: 'Listings' })).toBeInTheDocument();
});

test('the domain’s checks run before sending: each error under its field', async () => {
  const knowledge = createFakeKnowledgeServer();
  renderKnowledge(knowledge, createFakeCredentialsServer());
  fireEvent.click(await screen.findByRole('button', { name: 'New knowledge base' }));
  const form = screen.getByRole('form', { name: 'New knowledge base' });
  fireEvent.change(within(form).getByLabelText('Passage size (characters)'), { target: { value: '400' } });
  fireEvent.change(within(form).getByLabelText('Overlap (characters)'), { target: { value: '300' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('This field is required');
  expect(within(form).getByLabelText('Name')).toHaveFocus();
  expect(within(form).getByLabelText('Overlap (characters)')).toHaveAccessibleDescription(/The overlap can be at most half the passage size/);

  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Terms' } });
  fireEvent.change(within(form).getByLabelText('Passage size (characters)'), { target: { value: '50' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(within(form).getByLabelText('Passage size (characters)')).toHaveAccessibleDescription(/This number is too small/);
  expect(posts(knowledge)).toEqual([]);
});

test('a 400 from the service lands under the field it names, translated by its code', async () => {
  const knowledge = createFakeKnowledgeServer();
  renderKnowledge(knowledge, createFakeCredentialsServer({ credentials: [OPENAI] }));
  fireEvent.click(await screen.findByRole('button', { name: 'New knowledge base' }));
  const form = screen.getByRole('form', { name: 'New knowledge base' });
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Manuals' } });
  await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
  fireEvent.change(within(form).getByLabelText('Embedding model'), { target: { value: 'cred-openai' } });
  knowledge.once('POST', /^\/api\/knowledge-bases$/, () =>
    jsonResponse(400, { error: 'embedding.credentialId is not an AI credential with embeddings', code: 'knowledge_embedding_credential_invalid', field: 'embedding.credentialId' }),
  );
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const select = within(form).getByLabelText('Embedding model');
  await waitFor(() => expect(select).toHaveAccessibleDescription(/This credential cannot make embeddings/));
  expect(select).toHaveFocus();

  // A generic 400 naming a field (no `field` beside it: the message's first word) is shown there too.
  knowledge.once('POST', /^\/api\/knowledge-bases$/, () => jsonResponse(400, { error: 'name must be at most 100 characters', code: 'invalid_request' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('This value is not accepted'));
  expect(screen.queryByTestId('knowledge-form-error')).not.toBeInTheDocument();
});

test('edits the name and how a search ranks', async () => {
  const knowledge = createFakeKnowledgeServer({ bases: [PRICES] });
  renderKnowledge(knowledge, createFakeCredentialsServer());
  fireEvent.click(within(await screen.findByRole('listitem', { name: 'Price list' })).getByRole('button', { name: 'Edit: Price list' }));
  const form = screen.getByRole('form', { name: 'Edit Price list' });
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Price list 2025' } });
  fireEvent.change(within(form).getByLabelText('Passages per search'), { target: { value: '8' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('listitem', { name: 'Price list 2025' })).toBeInTheDocument();
  const patch = knowledge.requests.find((r) => r.method === 'PATCH')!;
  expect(patch.path).toBe('/api/knowledge-bases/kb-prices');
  expect(patch.body).toEqual({ name: 'Price list 2025', description: '', retrieval: { topK: 8, minSimilarity: 0.3 } });
});

test('deletes after a confirmation; Keep it deletes nothing', async () => {
  const knowledge = createFakeKnowledgeServer({ bases: [MANUALS, PRICES] });
  renderKnowledge(knowledge, createFakeCredentialsServer());
  fireEvent.click(within(await screen.findByRole('listitem', { name: 'Price list' })).getByRole('button', { name: 'Delete: Price list' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete Price list?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(knowledge.requests.some((r) => r.method === 'DELETE')).toBe(false);

  fireEvent.click(within(card('Price list')).getByRole('button', { name: 'Delete: Price list' }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  // While the dialog is open the list is hidden from the accessibility tree: wait for it to close first.
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(screen.queryByRole('listitem', { name: 'Price list' })).not.toBeInTheDocument();
  expect(knowledge.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/knowledge-bases/kb-prices']);
  expect(knowledge.bases.has('kb-prices')).toBe(false);
  expect(card('Service manuals')).toBeInTheDocument();
});

test('in an organization, a runner sees its bases and may search them, with no New, Edit or Delete', async () => {
  renderKnowledge(createFakeKnowledgeServer({ bases: [ACME_TERMS, PRICES] }), createFakeCredentialsServer(), { currentId: 'org-acme', roleId: 'workspace_runner' });
  const terms = await screen.findByRole('listitem', { name: 'Acme shipping terms' });
  expect(screen.queryByRole('listitem', { name: 'Price list' })).not.toBeInTheDocument();
  expect(screen.getByTestId('knowledge-workspace')).toHaveTextContent('The knowledge bases of Acme Sales: you can search them.');
  expect(within(terms).getByRole('link', { name: 'Open: Acme shipping terms' })).toHaveAttribute('href', '/workflows/knowledge/kb-acme');
  expect(within(terms).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New knowledge base' })).not.toBeInTheDocument();
});

test('a refusal to list is translated, with Try again', async () => {
  const knowledge = createFakeKnowledgeServer({ bases: [PRICES] });
  knowledge.once('GET', /^\/api\/knowledge-bases/, () => jsonResponse(503, { error: 'Firestore unavailable', code: 'unavailable' }));
  renderKnowledge(knowledge, createFakeCredentialsServer(), { language: 'de' });
  expect(await screen.findByTestId('knowledge-error')).toHaveTextContent('Der Dienst ist ausgelastet.');
  fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  expect(await screen.findByRole('listitem', { name: 'Price list' })).toBeInTheDocument();
});
