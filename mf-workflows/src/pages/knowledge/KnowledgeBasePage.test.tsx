// One knowledge base's page (issue 23): its sources with their status (the
// failure reason translated), adding a file (through the files upload), a web
// page and text, refusals under their fields, polling while sources process,
// Sync again and Remove, and the test search with its citations.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KnowledgeSearchResponse } from '@agentflow/shared/knowledge';
import { jsonResponse } from '../../runs/testing/fakeRunsServer';
import { createFakeCredentialsServer } from '../../credentials/testing/fakeCredentialsServer';
import { createFakeKnowledgeServer, fakeKnowledgeBase, fakeSource, type FakeKnowledgeServer } from '../../components/knowledge/testing/fakeKnowledgeServer';
import { renderKnowledge, type RenderKnowledgeOptions } from '../../testing/renderKnowledge';

const BASE = fakeKnowledgeBase({ id: 'kb-1', name: 'Rentals', description: 'Terms and prices', sourceCount: 5, chunkCount: 34 });
const SOURCES = [
  fakeSource({ id: 's-ready', knowledgeBaseId: 'kb-1', kind: 'file', name: 'Price list.pdf', size: 250_000, chunkCount: 24 }),
  fakeSource({ id: 's-queued', knowledgeBaseId: 'kb-1', kind: 'url', name: 'https://example.com/terms', url: 'https://example.com/terms', status: 'queued', chunkCount: 0, size: 0 }),
  fakeSource({ id: 's-processing', knowledgeBaseId: 'kb-1', kind: 'file', name: 'Manual.pdf', status: 'processing', progress: { done: 3, total: 10 }, chunkCount: 0 }),
  fakeSource({ id: 's-failed', knowledgeBaseId: 'kb-1', kind: 'url', name: 'Old page', url: 'https://example.com/old', status: 'failed', failure: { code: 'knowledge_page_fetch_failed', message: 'HTTP 404' }, chunkCount: 0 }),
  fakeSource({ id: 's-page', knowledgeBaseId: 'kb-1', kind: 'url', name: 'Shipping terms', url: 'https://example.com/shipping', size: 4_200, chunkCount: 3 }),
];

function open(server: FakeKnowledgeServer, options: RenderKnowledgeOptions = {}) {
  return renderKnowledge(server, createFakeCredentialsServer(), { route: '/workflows/knowledge/kb-1', ...options });
}
const source = (name: string) => screen.getByRole('listitem', { name });
const addForm = () => screen.getByRole('form', { name: 'Add a source' });
const lastPost = (server: FakeKnowledgeServer, path: string) => server.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)?.body;

test('each source shows its status, size and passages; a failure is translated', async () => {
  // A long poll: this test looks at one moment.
  open(createFakeKnowledgeServer({ bases: [BASE], sources: [...SOURCES].reverse() }), { pollMs: 60_000 });
  expect(await screen.findByRole('heading', { level: 1, name: 'Rentals' })).toBeInTheDocument();
  const status = (name: string) => within(source(name)).getByTestId('source-status');
  expect(status('Price list.pdf')).toHaveTextContent('Ready');
  expect(source('Price list.pdf')).toHaveTextContent('Size: 250 kB');
  expect(within(source('Price list.pdf')).getByTestId('source-chunks')).toHaveTextContent('24 passages');
  expect(status('https://example.com/terms')).toHaveTextContent('Queued');
  // A page not fetched yet has no size to tell; a fetched one, its bytes.
  expect(source('https://example.com/terms')).not.toHaveTextContent('Size');
  expect(source('Shipping terms')).toHaveTextContent('Size: 4.2 kB');
  expect(status('Manual.pdf')).toHaveTextContent('Processing 3 of 10');
  expect(status('Old page')).toHaveTextContent('Failed');
  expect(within(source('Old page')).getByTestId('source-failure')).toHaveTextContent('The page could not be fetched');
  expect(source('Old page')).not.toHaveTextContent('HTTP 404');
  expect(screen.getByTestId('knowledge-polling')).toBeInTheDocument();
});

test('the failure reason in the reader’s language', async () => {
  open(createFakeKnowledgeServer({ bases: [BASE], sources: [SOURCES[3]!] }), { language: 'fr' });
  const failed = await screen.findByRole('listitem', { name: 'Old page' });
  expect(within(failed).getByTestId('source-status')).toHaveTextContent('Échec');
  expect(within(failed).getByTestId('source-failure')).toHaveTextContent('La page n’a pas pu être récupérée');
});

test('adds a file: uploaded through the files path, then added by its id, listed as queued', async () => {
  const server = createFakeKnowledgeServer({ bases: [BASE] });
  open(server);
  expect(await screen.findByTestId('knowledge-sources-empty')).toHaveTextContent('No sources yet.');
  const file = new File(['%PDF-1.7 listing'], 'Listing 12.pdf', { type: 'application/pdf' });
  fireEvent.change(within(addForm()).getByLabelText('File', { selector: 'input' }), { target: { files: [file] } });
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add' }));
  const added = await screen.findByRole('listitem', { name: 'Listing 12.pdf' });
  expect(within(added).getByTestId('source-status')).toHaveTextContent('Queued');
  expect(server.uploads.map((u) => u.file.name)).toEqual(['Listing 12.pdf']);
  expect(lastPost(server, '/api/knowledge-bases/kb-1/sources')).toEqual({ kind: 'file', fileId: server.uploads[0]!.file.fileId });
});

test('a file of another type is refused before any upload, under the field', async () => {
  const server = createFakeKnowledgeServer({ bases: [BASE] });
  open(server);
  await screen.findByTestId('knowledge-sources-empty');
  const input = within(addForm()).getByLabelText('File', { selector: 'input' });
  fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add' }));
  expect(input).toHaveAccessibleDescription(/This file is not a PDF, Word \(DOCX\), text, Markdown, CSV or HTML file/);
  expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
});

test('the service refusing a file’s bytes is shown under the file field', async () => {
  const server = createFakeKnowledgeServer({ bases: [BASE] });
  open(server);
  await screen.findByTestId('knowledge-sources-empty');
  server.once('POST', /\/sources$/, () => jsonResponse(400, { error: 'fileId: a knowledge base does not read files of type application/zip', code: 'knowledge_file_type_not_allowed', field: 'fileId' }));
  const input = within(addForm()).getByLabelText('File', { selector: 'input' });
  fireEvent.change(input, { target: { files: [new File(['PK'], 'notes.txt', { type: 'text/plain' })] } });
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(input).toHaveAccessibleDescription(/This file is not a PDF/));
});

test('adds a web page; a bad address is caught first, a refused one lands under the field', async () => {
  const server = createFakeKnowledgeServer({ bases: [BASE] });
  open(server);
  await screen.findByTestId('knowledge-sources-empty');
  fireEvent.click(within(addForm()).getByRole('radio', { name: 'A web page' }));
  const url = within(addForm()).getByLabelText('Page address');
  fireEvent.change(url, { target: { value: 'ftp://example.com/file' } });
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add' }));
  expect(url).toHaveAccessibleDescription(/Enter an address starting with http:\/\/ or https:\/\//);
  expect(url).toHaveFocus();
  expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);

  server.once('POST', /\/sources$/, () => jsonResponse(400, { error: 'url must be at most 2048 characters', code: 'invalid_request' }));
  fireEvent.change(url, { target: { value: 'https://example.com/very-long' } });
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(url).toHaveAccessibleDescription(/This value is not accepted/));

  fireEvent.change(url, { target: { value: 'https://example.com/listings/12' } });
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add' }));
  expect(within(await screen.findByRole('listitem', { name: 'https://example.com/listings/12' })).getByTestId('source-status')).toHaveTextContent('Queued');
  expect(lastPost(server, '/api/knowledge-bases/kb-1/sources')).toEqual({ kind: 'url', url: 'https://example.com/listings/12' });
});

test('adds pasted text with a name; both are required', async () => {
  const server = createFakeKnowledgeServer({ bases: [BASE] });
  open(server);
  await screen.findByTestId('knowledge-sources-empty');
  fireEvent.click(within(addForm()).getByRole('radio', { name: 'Pasted text' }));
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add' }));
  expect(within(addForm()).getByLabelText('Name')).toHaveAccessibleDescription('This field is required');
  expect(within(addForm()).getByLabelText('Text')).toHaveAccessibleDescription('This field is required');
  fireEvent.change(within(addForm()).getByLabelText('Name'), { target: { value: 'Deposit rules' } });
  fireEvent.change(within(addForm()).getByLabelText('Text'), { target: { value: 'The deposit is two months of rent.' } });
  fireEvent.click(within(addForm()).getByRole('button', { name: 'Add' }));
  const added = await screen.findByRole('listitem', { name: 'Deposit rules' });
  expect(added).toHaveTextContent('Size: 34 characters');
  expect(lastPost(server, '/api/knowledge-bases/kb-1/sources')).toEqual({ kind: 'text', name: 'Deposit rules', text: 'The deposit is two months of rent.' });
});

test('while a source processes the list is fetched again until it is ready', async () => {
  const processing = fakeSource({ id: 's-1', knowledgeBaseId: 'kb-1', kind: 'file', name: 'Manual.pdf', status: 'processing', progress: { done: 1, total: 4 }, chunkCount: 0 });
  const server = createFakeKnowledgeServer({ bases: [BASE], sources: [processing] });
  open(server);
  const status = within(await screen.findByRole('listitem', { name: 'Manual.pdf' })).getByTestId('source-status');
  expect(status).toHaveTextContent('Processing 1 of 4');
  server.sources.set('s-1', { ...processing, progress: { done: 3, total: 4 } });
  await waitFor(() => expect(status).toHaveTextContent('Processing 3 of 4'));
  server.sources.set('s-1', { ...processing, status: 'ready', progress: null, chunkCount: 40 });
  server.bases.set('kb-1', { ...BASE, chunkCount: 71 });
  await waitFor(() => expect(status).toHaveTextContent('Ready'));
  expect(within(source('Manual.pdf')).getByTestId('source-chunks')).toHaveTextContent('40 passages');
  expect(screen.queryByTestId('knowledge-polling')).not.toBeInTheDocument();
  // Once nothing processes, no more fetches.
  const fetches = server.requests.length;
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(server.requests.length).toBe(fetches);
});

test('Sync again queues a failed source; Remove asks first, then removes it', async () => {
  const server = createFakeKnowledgeServer({ bases: [BASE], sources: [SOURCES[0]!, SOURCES[3]!] });
  open(server, { pollMs: 60_000 });
  fireEvent.click(within(await screen.findByRole('listitem', { name: 'Old page' })).getByRole('button', { name: 'Sync again: Old page' }));
  await waitFor(() => expect(within(source('Old page')).getByTestId('source-status')).toHaveTextContent('Queued'));
  expect(within(source('Old page')).queryByTestId('source-failure')).not.toBeInTheDocument();
  expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/knowledge-bases/kb-1/sources/s-failed/resync')).toBe(true);

  fireEvent.click(within(source('Price list.pdf')).getByRole('button', { name: 'Remove: Price list.pdf' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Remove Price list.pdf?' });
  expect(dialog).toHaveTextContent('Its passages (and its file) are deleted');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Price list.pdf' })).not.toBeInTheDocument());
  expect(source('Old page')).toBeInTheDocument();
  expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/knowledge-bases/kb-1/sources/s-ready']);
});

const ANSWER: KnowledgeSearchResponse = {
  mode: 'hybrid',
  retrievalReason: null,
  passages: [
    {
      chunkId: 'c-1',
      text: 'The deposit is two months of rent, paid before the keys are handed over.',
      citation: { knowledgeBaseId: 'kb-1', sourceId: 's-ready', sourceName: 'Price list.pdf', url: null, page: 3, headings: ['Rentals', 'Deposits'] },
      relevance: 1,
      similarity: 0.82,
      vectorRank: 1,
      keywordRank: 1,
    },
    {
      chunkId: 'c-2',
      text: 'Deposits are returned within 30 days.',
      citation: { knowledgeBaseId: 'kb-1', sourceId: 's-queued', sourceName: 'Rental terms', url: 'https://example.com/terms', page: null, headings: ['Returns'] },
      relevance: 0.49,
      similarity: null,
      vectorRank: null,
      keywordRank: 2,
    },
  ],
};

test('the test search shows ranked passages with their score, citation and the retrieval used', async () => {
  const server = createFakeKnowledgeServer({ bases: [BASE] });
  server.searchAnswer = ANSWER;
  open(server);
  const panel = await screen.findByTestId('knowledge-search');
  fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
  expect(within(panel).getByLabelText('Question')).toHaveAccessibleDescription('This field is required');

  fireEvent.change(within(panel).getByLabelText('Question'), { target: { value: 'How much is the deposit?' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
  const results = await within(panel).findByRole('list', { name: 'Passages found' });
  const passages = within(results).getAllByTestId('knowledge-passage');
  expect(passages).toHaveLength(2);
  expect(passages[0]).toHaveTextContent('Relevance 100%');
  expect(passages[0]).toHaveTextContent('similarity 0.82');
  expect(passages[0]).toHaveTextContent('The deposit is two months of rent');
  expect(within(passages[0]!).getByTestId('knowledge-citation')).toHaveTextContent('Price list.pdf, p. 3 — Rentals › Deposits');
  expect(within(passages[1]!).getByTestId('knowledge-citation')).toHaveTextContent('Rental terms — Returns');
  expect(within(passages[1]!).getByRole('link', { name: 'Open page' })).toHaveAttribute('href', 'https://example.com/terms');
  expect(within(panel).getByTestId('knowledge-search-mode')).toHaveTextContent('Search used: By meaning and keywords');
  expect(lastPost(server, '/api/knowledge-bases/kb-1/search')).toEqual({ query: 'How much is the deposit?' });
});

test('the citation’s page word and the mode in the reader’s language; nothing found says so', async () => {
  const server = createFakeKnowledgeServer({ bases: [BASE] });
  server.searchAnswer = ANSWER;
  open(server, { language: 'de' });
  const panel = await screen.findByTestId('knowledge-search');
  fireEvent.change(within(panel).getByLabelText('Frage'), { target: { value: 'Kaution?' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Suchen' }));
  expect((await within(panel).findAllByTestId('knowledge-citation'))[0]).toHaveTextContent('Price list.pdf, S. 3 — Rentals › Deposits');

  server.searchAnswer = { mode: 'keyword', retrievalReason: 'no_embedding_credential', passages: [] };
  fireEvent.click(within(panel).getByRole('button', { name: 'Suchen' }));
  expect(await within(panel).findByTestId('knowledge-search-none')).toHaveTextContent('Keine Passage ist für diese Frage relevant genug.');
  expect(within(panel).getByTestId('knowledge-search-mode')).toHaveTextContent('Verwendete Suche: Nur Stichwörter');
});

test('a base that is not there (or not the user’s) says so, translated', async () => {
  open(createFakeKnowledgeServer());
  expect(await screen.findByTestId('knowledge-error')).toHaveTextContent('This knowledge base does not exist or you cannot see it.');
  expect(screen.getByRole('link', { name: '← All knowledge bases' })).toHaveAttribute('href', '/workflows/knowledge');
});
