// JSON-shaped settings have forms: the agent's output schema as rows, its web
// tools, the HTTP step's headers as a table; "Edit as JSON" shows the same
// value, each view following the other. Invalid JSON is never dispatched: the
// field says it is not saved and the panel counts it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mappingWorkflow, renderPanel } from '../testing/mappingHarness';
import { schemaOfRows, schemaRowsOf } from './outputSchema';

test('the output schema’s rows and its JSON follow each other', async () => {
  const { paramsOf, actions } = renderPanel(mappingWorkflow(), 'extract');
  const editor = await screen.findByTestId('output-schema-editor');
  const rows = () => within(editor).getAllByTestId('schema-row');
  expect(rows().map((r) => (within(r).getByLabelText('Name') as HTMLInputElement).value)).toEqual(['stage', 'score']);
  expect(within(rows()[0]!).getByLabelText('Required')).toBeChecked();

  // A list of objects gets rows of its own.
  fireEvent.click(within(editor).getByRole('button', { name: '+ Add a field' }));
  const added = rows()[2]!;
  fireEvent.change(within(added).getByLabelText('Name'), { target: { value: 'contacts' } });
  fireEvent.change(within(added).getByLabelText('Type'), { target: { value: 'array' } });
  fireEvent.change(within(added).getByLabelText('List of'), { target: { value: 'object' } });
  const inside = within(added).getByRole('group', { name: 'Fields of contacts' });
  fireEvent.click(within(inside).getByRole('button', { name: '+ Add a field inside' }));
  fireEvent.change(within(inside).getByLabelText('Name'), { target: { value: 'email' } });
  fireEvent.change(within(inside).getByLabelText('Description'), { target: { value: 'Work address' } });
  expect((paramsOf('extract').output as { schema: unknown }).schema).toEqual({
    type: 'object',
    properties: {
      stage: { type: 'string' },
      score: { type: 'number' },
      contacts: { type: 'array', items: { type: 'object', properties: { email: { type: 'string', description: 'Work address' } } } },
    },
    required: ['stage'],
  });

  // The JSON view shows the same schema; a valid edit there comes back as rows.
  const schemaField = editor.closest('[data-testid="structured-field"]') as HTMLElement;
  fireEvent.click(within(schemaField).getByRole('button', { name: 'Edit as JSON' }));
  const json = within(schemaField).getByLabelText('Output schema (JSON)') as HTMLTextAreaElement;
  expect(JSON.parse(json.value)).toEqual((paramsOf('extract').output as { schema: unknown }).schema);
  fireEvent.change(json, { target: { value: JSON.stringify({ type: 'object', properties: { verdict: { type: 'boolean' } }, required: ['verdict'] }) } });
  expect((paramsOf('extract').output as { schema: unknown }).schema).toEqual({ type: 'object', properties: { verdict: { type: 'boolean' } }, required: ['verdict'] });

  // Invalid JSON: said under the field and counted in the panel, never dispatched; the form waits for a fix.
  const before = actions.length;
  fireEvent.change(json, { target: { value: '{"type": "object", ' } });
  expect(within(schemaField).getByText(/^This is not valid JSON: /)).toBeInTheDocument();
  expect(within(schemaField).getByText('Not saved while the JSON is invalid: the last valid value is kept.')).toBeInTheDocument();
  expect(screen.getByTestId('config-pending')).toHaveTextContent('1 field is not saved: its JSON is invalid.');
  expect(actions.length).toBe(before);
  expect(within(schemaField).getByRole('button', { name: 'Edit as form' })).toBeDisabled();
  fireEvent.change(json, { target: { value: '{"type": "object", "properties": {"verdict": {"type": "boolean", "description": "Go?"}}}' } });
  expect(screen.queryByTestId('config-pending')).toBeNull();
  fireEvent.click(within(schemaField).getByRole('button', { name: 'Edit as form' }));
  const back = await screen.findByTestId('output-schema-editor');
  expect((within(back).getByLabelText('Description') as HTMLInputElement).value).toBe('Go?');
});

test('a schema the rows cannot say opens as JSON only, unchanged', async () => {
  const workflow = mappingWorkflow();
  const schema = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'string' } } } } } } };
  (workflow.nodes[1]!.params as { output: unknown }).output = { type: 'json', schema };
  renderPanel(workflow, 'extract');
  expect(screen.getByText('This value uses options the form cannot show: edit it as JSON.')).toBeInTheDocument();
  expect(JSON.parse((screen.getByLabelText('Output schema (JSON)') as HTMLTextAreaElement).value)).toEqual(schema);
  expect(screen.getByRole('button', { name: 'Edit as form' })).toBeDisabled();
  expect(screen.queryByTestId('output-schema-editor')).toBeNull();
});

test('an HTTP step’s headers are a table of name and value; the JSON view follows', async () => {
  const workflow = mappingWorkflow();
  workflow.nodes.push({ id: 'call', type: 'http', name: 'Call CRM', position: { x: 0, y: 0 }, params: { method: 'GET', url: 'https://crm.example.com', headers: { Accept: 'application/json' }, timeoutMs: 10000 } });
  workflow.edges.push({ id: 'e5', source: 'extract', target: 'call' });
  const { paramsOf } = renderPanel(workflow, 'call');
  const table = await screen.findByTestId('kv-headers');
  expect(within(table).getByLabelText('Header name 1')).toHaveValue('Accept');
  fireEvent.click(within(table).getByRole('button', { name: '+ Add a header' }));
  // A row without a name changes nothing yet.
  expect(paramsOf('call').headers).toEqual({ Accept: 'application/json' });
  fireEvent.change(within(table).getByLabelText('Header name 2'), { target: { value: 'X-Stage' } });
  fireEvent.change(within(table).getByLabelText('Value 2'), { target: { value: '{{ extract.stage }}' } });
  expect(paramsOf('call').headers).toEqual({ Accept: 'application/json', 'X-Stage': '{{ extract.stage }}' });
  const field = table.closest('[data-testid="structured-field"]') as HTMLElement;
  fireEvent.click(within(field).getByRole('button', { name: 'Edit as JSON' }));
  expect(JSON.parse((within(field).getByLabelText('Headers (JSON)') as HTMLTextAreaElement).value)).toEqual({ Accept: 'application/json', 'X-Stage': '{{ extract.stage }}' });
  fireEvent.change(within(field).getByLabelText('Headers (JSON)'), { target: { value: '{"Accept": "text/plain"}' } });
  fireEvent.click(within(field).getByRole('button', { name: 'Edit as form' }));
  await waitFor(() => expect(within(screen.getByTestId('kv-headers')).getByLabelText('Value 1')).toHaveValue('text/plain'));
});

test('an agent’s web tools are forms; its delegates are the other agents, by name and key', async () => {
  const { paramsOf } = renderPanel(mappingWorkflow(), 'extract');
  const tools = await screen.findByTestId('tools-editor');
  fireEvent.click(within(tools).getByRole('button', { name: '+ Add a web tool' }));
  const row = within(tools).getByTestId('tool-row');
  fireEvent.change(within(row).getByLabelText('Tool name'), { target: { value: 'crm' } });
  fireEvent.change(within(row).getByLabelText('What it does (the agent reads this)'), { target: { value: 'Looks up a company' } });
  fireEvent.change(within(row).getByLabelText('Method'), { target: { value: 'POST' } });
  fireEvent.change(within(row).getByLabelText('Address'), { target: { value: 'https://crm.example.com/find' } });
  fireEvent.click(within(tools).getByRole('checkbox', { name: 'Writer writer' }));
  expect(paramsOf('extract').tools).toEqual({
    http: [{ name: 'crm', description: 'Looks up a company', method: 'POST', url: 'https://crm.example.com/find' }],
    delegates: ['writer'],
  });
});

test('schema rows round-trip: rows → schema → the same rows, keywords the form does not edit included', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    properties: {
      a: { type: 'string', description: 'A', enum: ['x', 'y'] },
      n: { type: 'number', minimum: 0, maximum: 100 },
      b: { type: 'object', properties: { c: { type: 'integer' } }, required: ['c'] },
      d: { type: 'array', items: { type: 'number' } },
    },
    required: ['a'],
  };
  const rows = schemaRowsOf(schema)!;
  expect(rows[0]).toMatchObject({ name: 'a', choices: ['x', 'y'] });
  expect(schemaOfRows(rows, schema)).toEqual(schema);
  expect(schemaRowsOf({ type: 'object', properties: { x: { type: 'object', properties: { y: { type: 'object', properties: { z: { type: 'string' } } } } } } })).toBeNull();
});
