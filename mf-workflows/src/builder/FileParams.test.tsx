// The file params in the builder's node forms: an HTTP step's body kind, the
// file it sends, its multipart part and fields, and "save the answer as a
// file"; an agent's attached files, one expression per line. What the form
// stores is what the engine reads; problems are said in the user's language.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { defaultParams, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { BuilderRoute } from './BuilderRoute';
import { fakeWorkflowDocs } from './testing/fakeWorkflowDocs';
import { installXyflowStubs } from './testing/xyflowStubs';
import { CredentialsClientContext } from '../credentials/api';
import { createFakeCredentialsServer } from '../credentials/testing/fakeCredentialsServer';

installXyflowStubs();

function workflow(http: Record<string, unknown> = {}, agent: Record<string, unknown> = {}): Workflow {
  const nodes: WorkflowNode[] = [
    { id: 'trigger', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: { inputSchema: [{ key: 'report', label: 'Report', type: 'file', required: true }] } },
    { id: 'send', type: 'http', name: 'Send report', position: { x: 0, y: 200 }, params: { ...defaultParams('http'), method: 'POST', url: 'https://api.example.com/upload', ...http } },
    { id: 'read', type: 'agent', name: 'Reader', position: { x: 300, y: 200 }, params: { ...defaultParams('agent'), ...agent } },
  ];
  return {
    id: 'wf-1',
    ownerId: 'user-1',
    organizationId: null,
    name: 'Reports',
    description: '',
    category: 'operations',
    industry: 'general',
    tags: [],
    visibility: 'private',
    version: 1,
    nodes,
    edges: [
      { id: 'e1', source: 'trigger', target: 'send' },
      { id: 'e2', source: 'trigger', target: 'read' },
    ],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  } as unknown as Workflow;
}

async function open(wf: Workflow, nodeId: string, language: SupportedLanguage = 'en') {
  const docs = fakeWorkflowDocs(wf);
  renderWithProviders(
    <CredentialsClientContext.Provider value={createFakeCredentialsServer({ credentials: [] }).client}>
      <Routes>
        <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      </Routes>
    </CredentialsClientContext.Provider>,
    { route: '/workflows/wf-1', user: testUser(), language },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  fireEvent.click(document.querySelector<HTMLElement>(`[data-testid="builder-node"][data-node-id="${nodeId}"]`)!);
  return { docs, panel: await screen.findByTestId('config-panel') };
}

const savedParams = (docs: ReturnType<typeof fakeWorkflowDocs>, id: string) => docs.saves.at(-1)?.workflow.nodes.find((n) => n.id === id)?.params;

test('an HTTP step sends a file as multipart: the body kind shows the file, part and form fields, and they are saved', async () => {
  const { docs, panel } = await open(workflow(), 'send');
  const kind = within(panel).getByLabelText('Request body');
  expect(kind).toHaveDisplayValue('Text (template)');
  expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Text (template)', 'Form with a file (multipart)', 'The file itself']);
  expect(within(panel).getByLabelText('Body')).toBeInTheDocument();
  expect(within(panel).queryByLabelText('File to send')).toBeNull();

  fireEvent.change(kind, { target: { value: 'multipart' } });
  // Until a file is named, the form says what is missing.
  expect(await within(panel).findByText('Say which file to send.')).toBeInTheDocument();
  expect(within(panel).queryByLabelText('Body')).toBeNull();
  fireEvent.change(within(panel).getByLabelText('File to send'), { target: { value: '{{ input.report }}' } });
  fireEvent.change(within(panel).getByLabelText('File part name'), { target: { value: 'document' } });
  // The form fields' table, or its JSON view.
  fireEvent.click(within(within(panel).getByText('Form fields').closest('[data-testid="structured-field"]') as HTMLElement).getByRole('button', { name: 'Edit as JSON' }));
  fireEvent.change(within(panel).getByLabelText('Form fields (JSON)'), { target: { value: '{"title": "Report {{ input.report.name }}"}' } });
  await waitFor(() => expect(within(panel).queryByText('Say which file to send.')).toBeNull());
  expect(within(panel).getByText('An expression giving one file of this run, such as input.report')).toBeInTheDocument();

  await waitFor(
    () =>
      expect(savedParams(docs, 'send')).toMatchObject({ bodyKind: 'multipart', file: '{{ input.report }}', fileField: 'document', formFields: { title: 'Report {{ input.report.name }}' } }),
    { timeout: 5000 },
  );
});

test('"save the answer as a file" is stored as saveResponse always, and unchecking removes it', async () => {
  const { docs, panel } = await open(workflow(), 'send');
  const box = within(panel).getByLabelText('Save the answer as a file');
  expect(box).not.toBeChecked();
  expect(within(panel).getByText(/binary answers are always kept as files/)).toBeInTheDocument();
  fireEvent.click(box);
  await waitFor(() => expect(savedParams(docs, 'send')).toMatchObject({ saveResponse: 'always' }), { timeout: 5000 });
  fireEvent.click(within(panel).getByLabelText('Save the answer as a file'));
  await waitFor(() => expect(savedParams(docs, 'send')).not.toHaveProperty('saveResponse'), { timeout: 5000 });
});

test('a GET that sends a file and a broken file expression are explained next to their fields', async () => {
  const { panel } = await open(workflow({ method: 'GET', bodyKind: 'file', file: '{{ input.( }}' }), 'send');
  expect(within(panel).getByText('A GET request cannot send a file: pick POST, PUT or PATCH.')).toBeInTheDocument();
  expect(within(panel).getByText(/^This expression cannot be read: /)).toBeInTheDocument();
  expect(within(panel).getByLabelText('Request body')).toHaveAttribute('aria-invalid', 'true');
  expect(within(panel).getByLabelText('File to send')).toHaveAttribute('aria-invalid', 'true');
});

test('an agent’s attached files: one expression per line (commas allowed), blank lines dropped, an empty list removed', async () => {
  const { docs, panel } = await open(workflow(), 'read');
  const files = within(panel).getByLabelText('Attached files');
  expect(within(panel).getByText(/One expression per line/)).toBeInTheDocument();
  fireEvent.change(files, { target: { value: '{{ input.report }}\n\n[input.a, input.b]\n' } });
  // The text stays as typed while the list is saved.
  expect(files).toHaveValue('{{ input.report }}\n\n[input.a, input.b]\n');
  await waitFor(() => expect(savedParams(docs, 'read')).toMatchObject({ files: ['{{ input.report }}', '[input.a, input.b]'] }), { timeout: 5000 });
  fireEvent.change(files, { target: { value: '' } });
  await waitFor(() => expect(savedParams(docs, 'read')).not.toHaveProperty('files'), { timeout: 5000 });
});

test('an agent with a broken file line says which line', async () => {
  const { panel } = await open(workflow({}, { files: ['{{ input.report }}', 'input.('] }), 'read');
  expect(within(panel).getByText(/^Line 2 cannot be read: /)).toBeInTheDocument();
});

describe('in German', () => {
  test('the HTTP step’s file fields, options and problems', async () => {
    const { panel } = await open(workflow({ method: 'GET', bodyKind: 'multipart' }), 'send', 'de');
    const kind = within(panel).getByLabelText('Anfrageinhalt');
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Text (Vorlage)', 'Formular mit Datei (multipart)', 'Die Datei selbst']);
    expect(kind).toHaveDisplayValue('Formular mit Datei (multipart)');
    expect(within(panel).getByLabelText('Zu sendende Datei')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Name des Dateiteils')).toBeInTheDocument();
    expect(within(panel).getByTestId('kv-formFields')).toHaveAccessibleName('Formularfelder');
    expect(within(panel).getByLabelText('Antwort als Datei speichern')).toBeInTheDocument();
    expect(within(panel).getByText('Geben Sie an, welche Datei gesendet wird.')).toBeInTheDocument();
    expect(within(panel).getByText('Eine GET-Anfrage kann keine Datei senden: Wählen Sie POST, PUT oder PATCH.')).toBeInTheDocument();
  });

  test('the agent’s attached files and an empty line', async () => {
    const { panel } = await open(workflow({}, { files: ['{{ input.report }}', ' '] }), 'read', 'de');
    expect(within(panel).getByLabelText('Angehängte Dateien')).toBeInTheDocument();
    expect(within(panel).getByText(/^Ein Ausdruck pro Zeile/)).toBeInTheDocument();
    expect(within(panel).getByText('Zeile 2 ist leer: Entfernen Sie sie oder schreiben Sie einen Ausdruck.')).toBeInTheDocument();
  });
});
