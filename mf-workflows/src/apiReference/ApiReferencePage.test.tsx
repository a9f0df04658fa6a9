// The API reference page (issue 24) on the description platform-api serves
// (built here by its own generator from the route table, plus two routes of
// test code: a JSON body and a multipart upload): operations by tag with their
// scope, fields and curl call, a Copy button, the side list's anchors, and
// every word in the reader's language.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { PUBLIC_ROUTE_LIST, createApiKeySchema, publicFilePart, publicRoute } from '@agentflow/shared/api-keys';
import { buildOpenApiDescription } from '../../../platform-api/src/publicApi/openApi';
import { testQueryClient } from '../testing/renderCatalogue';
import { ApiReferenceClientContext, type ApiReferenceClient } from './referenceClient';
import { ApiReferenceRoute } from './ApiReferenceRoute';
import type { OpenApiDescription } from './referenceModel';

const BASE = 'https://api.agentflow.example';
const createSample = publicRoute({ id: 'createSample', method: 'post', path: '/v1/samples', scope: 'runs:write', tag: 'Samples', summary: 'Creates a sample', body: createApiKeySchema, answers: { 201: { description: 'Made.' } }, refusals: [409] });
const uploadSample = publicRoute({
  id: 'uploadSample',
  method: 'post',
  path: '/v1/samples/:sampleId/files',
  scope: 'files:write',
  tag: 'Samples',
  summary: 'Uploads a file',
  params: z.strictObject({ sampleId: z.string().min(1) }),
  bodyType: 'multipart',
  body: z.strictObject({ file: publicFilePart('The file.'), note: z.string().max(20) }),
  answers: { 201: { description: 'Stored.' } },
  refusals: [413],
});
const description = JSON.parse(JSON.stringify(buildOpenApiDescription({ serverUrl: BASE, routes: [...PUBLIC_ROUTE_LIST, createSample, uploadSample] }))) as OpenApiDescription;

function renderReference(client: ApiReferenceClient, language: SupportedLanguage = 'en') {
  renderWithProviders(
    <QueryClientProvider client={testQueryClient()}>
      <ApiReferenceClientContext.Provider value={client}>
        <Routes>
          <Route path="/workflows/api-reference" element={<ApiReferenceRoute />} />
        </Routes>
      </ApiReferenceClientContext.Provider>
    </QueryClientProvider>,
    { route: '/workflows/api-reference', user: testUser(), language },
  );
}

const serving = (load: ApiReferenceClient['load'] = async () => description): ApiReferenceClient => ({ baseUrl: `${BASE}/`, load: jest.fn(load) });
const operation = (id: string) => screen.getAllByTestId('api-operation').find((element) => element.dataset.operation === id)!;

test('every operation, grouped by tag, with its method, path, summary, scope, parameters and answers; the side list links to each', async () => {
  renderReference(serving());
  await screen.findByRole('heading', { level: 2, name: 'Workflows' });
  expect(screen.getAllByTestId('api-operation').map((element) => element.dataset.operation)).toEqual([...PUBLIC_ROUTE_LIST.map((route) => route.id), 'createSample', 'uploadSample']);
  expect(screen.getByTestId('api-reference-base-url')).toHaveTextContent(BASE);
  const list = operation('listWorkflows');
  expect(within(list).getByRole('heading', { level: 3 })).toHaveTextContent("The key's workspace's workflows its creator may see");
  expect(within(list).getByText('GET')).toBeInTheDocument();
  expect(within(list).getByText('/v1/workflows')).toBeInTheDocument();
  expect(within(list).getByText('workflows:read')).toBeInTheDocument();
  expect(within(list).getByText(/pass `nextCursor` as `cursor`/)).toBeInTheDocument();
  // The scope sentence the description appends is shown as the scope line, not twice.
  expect(within(list).queryByText(/Needs the/)).toBeNull();
  const fields = within(list).getAllByTestId('api-field').map((field) => field.textContent);
  expect(fields).toEqual(expect.arrayContaining([expect.stringMatching(/^cursorstringin the queryoptional/), expect.stringMatching(/^limitintegerin the queryoptional/), expect.stringMatching(/^workflowsWorkflow\[\]/), expect.stringMatching(/^nextCursorstring \| null/)]));
  expect(within(list).getByText('A page of workflows.')).toBeInTheDocument();
  for (const status of ['400', '401', '403', '429']) expect(within(list).getByText(status)).toBeInTheDocument();
  expect(within(operation('getMe')).getByText('Any valid key')).toBeInTheDocument();
  expect(within(operation('getRun')).getAllByTestId('api-field')[0]).toHaveTextContent(/^runIdstringin the pathrequired/);
  const nav = screen.getByRole('navigation', { name: 'Operations' });
  expect(within(nav).getByRole('link', { name: /GET The key's workspace's workflows/ })).toHaveAttribute('href', '#op-listWorkflows');
  expect(document.getElementById('op-listWorkflows')).toBe(list);
  expect(screen.getByTestId('api-reference-download')).toHaveAttribute('href', `${BASE}/v1/openapi.json`);
  expect(screen.getByRole('link', { name: 'API keys' })).toHaveAttribute('href', '/workflows/api-keys');
});

test('the curl example reads the key from $AGENTFLOW_API_KEY, and Copy puts exactly it on the clipboard', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  renderReference(serving());
  const list = await waitFor(() => operation('listWorkflows'));
  const curl = `curl "${BASE}/v1/workflows" \\\n  -H "Authorization: Bearer $AGENTFLOW_API_KEY"`;
  expect(within(list).getByTestId('api-curl').textContent).toBe(curl);
  await act(async () => fireEvent.click(within(list).getByRole('button', { name: "Copy the curl example of The key's workspace's workflows its creator may see" })));
  expect(writeText).toHaveBeenCalledWith(curl);
  expect(within(list).getByTestId('api-curl-copy')).toHaveTextContent('Copied');
  expect(within(operation('getRun')).getByTestId('api-curl').textContent).toBe(`curl "${BASE}/v1/runs/<runId>" \\\n  -H "Authorization: Bearer $AGENTFLOW_API_KEY"`);
  expect(document.body.textContent).not.toMatch(/afk_[A-Za-z0-9]{20}_/);
});

test('a JSON body comes with an example the route’s own schema accepts; a multipart body with its form fields and file', async () => {
  renderReference(serving());
  const create = await waitFor(() => operation('createSample'));
  const curl = within(create).getByTestId('api-curl').textContent!;
  expect(curl).toContain(`curl -X POST "${BASE}/v1/samples"`);
  expect(curl).toContain('-H "Content-Type: application/json"');
  const body = JSON.parse(/-d '([\s\S]*)'$/.exec(curl)![1]!) as unknown;
  expect(createApiKeySchema.safeParse(body).success).toBe(true);
  expect(within(create).getByText('application/json')).toBeInTheDocument();
  expect(within(create).getAllByTestId('api-field').map((field) => field.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/^scopes"workflows:read" \| .*\[\]required/)]));
  const upload = operation('uploadSample');
  expect(within(upload).getByTestId('api-curl').textContent).toBe(
    `curl -X POST "${BASE}/v1/samples/<sampleId>/files" \\\n  -H "Authorization: Bearer $AGENTFLOW_API_KEY" \\\n  -F "file=@./file.pdf" \\\n  -F 'note=string'`,
  );
  expect(within(upload).getAllByTestId('api-field').map((field) => field.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/^filefilerequiredThe file\.$/), expect.stringMatching(/^notestringrequired$/)]));
});

test('in German: the chrome, the tags, the summaries, the descriptions and the refusals; a route added later reads in English', async () => {
  renderReference(serving(), 'de');
  expect(screen.getByRole('heading', { level: 1, name: 'API-Referenz' })).toBeInTheDocument();
  await screen.findByRole('heading', { level: 2, name: 'Abläufe' });
  const list = operation('listWorkflows');
  expect(within(list).getByRole('heading', { level: 3 })).toHaveTextContent('Die Abläufe des Arbeitsbereichs, die der Ersteller des Schlüssels sehen darf');
  expect(within(list).getByText(/Übergeben Sie `nextCursor` als `cursor`/)).toBeInTheDocument();
  expect(within(list).getByText('Eine Seite mit Abläufen.')).toBeInTheDocument();
  expect(within(list).getByText(/^Kein API-Schlüssel/)).toBeInTheDocument();
  expect(within(list).getByRole('button', { name: /^curl-Beispiel von/ })).toHaveTextContent('Kopieren');
  expect(within(operation('createSample')).getByRole('heading', { level: 3 })).toHaveTextContent('Creates a sample');
  expect(screen.getByRole('heading', { level: 2, name: 'Samples' })).toBeInTheDocument();
});

test('in German an operation with two success answers reads its description and each answer translated', async () => {
  renderReference(serving(), 'de');
  const start = await waitFor(() => operation('startRun'));
  expect(within(start).getByRole('heading', { level: 3 })).toHaveTextContent('Eine Ausführung eines Ablaufs mit Eingabe starten');
  expect(within(start).getByText(/^Startet den manuellen Auslöser des Ablaufs/)).toBeInTheDocument();
  expect(within(start).getByText(/^Mit `wait`: Die Ausführung endete innerhalb der Wartezeit/)).toBeInTheDocument();
  expect(within(start).getByText(/^Gestartet \(ohne `wait`/)).toBeInTheDocument();
  expect(within(start).queryByText(/Starts the workflow|the run ended within the timeout|poll `links.run`/)).toBeNull();
});

test('the run start lists its Idempotency-Key header and the codes its refusals carry, in the reader’s language', async () => {
  renderReference(serving());
  const start = await waitFor(() => operation('startRun'));
  expect(within(start).getAllByTestId('api-field').map((field) => field.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/^Idempotency-Keystringin the headeroptionalNames this start/)]));
  expect(within(start).getAllByTestId('api-refusal-code').map((code) => code.textContent)).toEqual([
    'idempotency_key_in_progress A request with this Idempotency-Key is still being started: retry in a moment for its answer.',
    'idempotency_key_reused This Idempotency-Key was used for another request (another workflow or body): use a new key for a new run.',
  ]);
  // The status's own text stays one sentence: the codes are listed, not appended to it.
  expect(within(start).getByText('Well formed, but it refers to something that cannot be used.')).toBeInTheDocument();
});

test('in Italian the header and the codes read translated', async () => {
  renderReference(serving(), 'it');
  const start = await waitFor(() => operation('startRun'));
  expect(within(start).getAllByTestId('api-field').map((field) => field.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/^Idempotency-Keystringnell’intestazione/)]));
  expect(within(start).getAllByTestId('api-refusal-code')[1]).toHaveTextContent('idempotency_key_reused Questa Idempotency-Key è stata usata per un’altra richiesta');
});

test('a description that does not load says so, and Try again loads it', async () => {
  let fail = true;
  const client = serving(async () => {
    if (fail) throw new Error('offline');
    return description;
  });
  renderReference(client);
  expect(await screen.findByRole('alert')).toHaveTextContent('The API reference could not be loaded');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 2, name: 'Workflows' });
});
