// The manual trigger's input fields, edited field by field: a file field gets
// an "Accepted files" choice that becomes its `accept` list; the config panel
// shows this editor for the trigger (the run form is made from it).
import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { DOCX_TYPE } from '@agentflow/shared/files';
import { emptyWorkflow, nodeProblems, type WorkflowNode } from '@agentflow/shared/workflow';
import type { SupportedLanguage } from '@agentflow/shared';
import { InputFieldsEditor } from './InputFieldsEditor';
import { ConfigPanel } from './ConfigPanel';
import type { BuilderAction } from './builderState';

/** The editor on a trigger node whose params the test reads back after each change. */
function Harness({ initial, onParams }: { initial: unknown[]; onParams: (schema: unknown) => void }) {
  const [node, setNode] = useState<WorkflowNode>(() => ({ ...emptyWorkflow('user-1', 'X').nodes[0]!, params: { inputSchema: initial } }));
  const problems = nodeProblems(node, [node]);
  return (
    <InputFieldsEditor
      path="inputSchema"
      value={node.params.inputSchema}
      problems={problems}
      onChange={(schema) => {
        onParams(schema);
        setNode((current) => ({ ...current, params: { inputSchema: schema } }));
      }}
    />
  );
}

function renderEditor(initial: unknown[] = [], language: SupportedLanguage = 'en') {
  const onParams = jest.fn();
  renderWithProviders(<Harness initial={initial} onParams={onParams} />, { language });
  const latest = () => onParams.mock.calls.at(-1)?.[0] as Array<Record<string, unknown>>;
  return { latest };
}

const row = (n: number) => screen.getAllByTestId('input-field')[n]!;

test('a new field becomes a file field; its accepted files are a preset’s list, Any leaves the list out', () => {
  const { latest } = renderEditor();
  expect(screen.getByText('No input fields: runs start without input.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '+ Add a field' }));
  expect(latest()).toEqual([{ key: 'field1', label: 'New field', type: 'string', required: false }]);
  expect(within(row(0)).queryByLabelText('Accepted files')).not.toBeInTheDocument();

  const type = within(row(0)).getByLabelText('Type');
  expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Short text', 'Number', 'Yes / no', 'Long text', 'File']);
  fireEvent.change(within(row(0)).getByLabelText('Label'), { target: { value: 'Site photo' } });
  fireEvent.change(within(row(0)).getByLabelText('Key'), { target: { value: 'photo' } });
  fireEvent.change(type, { target: { value: 'file' } });
  fireEvent.click(within(row(0)).getByLabelText('Required'));
  expect(latest()).toEqual([{ key: 'photo', label: 'Site photo', type: 'file', required: true }]);

  const accept = within(row(0)).getByLabelText('Accepted files');
  expect(within(accept).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any file', 'Images', 'PDF', 'Documents (PDF, Word, text)']);
  expect(accept).toHaveValue('any');
  fireEvent.change(accept, { target: { value: 'images' } });
  expect(latest()[0]).toMatchObject({ accept: ['image/*'] });
  fireEvent.change(accept, { target: { value: 'documents' } });
  expect(latest()[0]).toMatchObject({ accept: ['application/pdf', DOCX_TYPE, 'text/plain'] });
  fireEvent.change(accept, { target: { value: 'any' } });
  expect(latest()[0]).not.toHaveProperty('accept');

  // Back to text: the accepted types go with the file type.
  fireEvent.change(accept, { target: { value: 'pdf' } });
  fireEvent.change(type, { target: { value: 'text' } });
  expect(latest()).toEqual([{ key: 'photo', label: 'Site photo', type: 'text', required: true }]);
});

test('an imported accept list that is no preset shows as Other; a problem shows under its field', () => {
  renderEditor([
    { key: 'scan', label: 'Scan', type: 'file', required: false, accept: ['image/png'] },
    { key: '1bad', label: '', type: 'string', required: false },
  ]);
  const accept = within(row(0)).getByLabelText('Accepted files');
  expect(accept).toHaveDisplayValue('Other: image/png');
  expect(within(row(1)).getByLabelText('Key')).toHaveAttribute('aria-invalid', 'true');
  expect(within(row(1)).getByText('This is not in the expected form.')).toBeInTheDocument();
  expect(within(row(1)).getByLabelText('Label')).toHaveAttribute('aria-invalid', 'true');
});

test('fields move and go', () => {
  const { latest } = renderEditor([
    { key: 'a', label: 'First', type: 'string', required: false },
    { key: 'b', label: 'Second', type: 'file', required: false },
  ]);
  expect(screen.getByRole('button', { name: 'Move up: First' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Move down: First' }));
  expect(latest().map((f) => f.key)).toEqual(['b', 'a']);
  fireEvent.click(screen.getByRole('button', { name: 'Remove field: Second' }));
  expect(latest().map((f) => f.key)).toEqual(['a']);
});

test('in German', () => {
  renderEditor([{ key: 'photo', label: 'Foto', type: 'file', required: true, accept: ['application/pdf'] }], 'de');
  expect(within(row(0)).getByLabelText('Erlaubte Dateien')).toHaveDisplayValue('PDF');
  expect(within(within(row(0)).getByLabelText('Typ')).getByRole('option', { name: 'Datei' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '+ Feld hinzufügen' })).toBeInTheDocument();
});

test('the config panel edits the manual trigger’s input fields with this editor, not as JSON', () => {
  const workflow = emptyWorkflow('user-1', 'X');
  const trigger = { ...workflow.nodes[0]!, params: { inputSchema: [{ key: 'photo', label: 'Site photo', type: 'file', required: true }] } };
  const dispatch = jest.fn<void, [BuilderAction]>();
  renderWithProviders(<ConfigPanel workflow={{ ...workflow, nodes: [trigger] }} node={trigger} dispatch={dispatch} />);
  expect(screen.getByTestId('input-fields')).toBeInTheDocument();
  expect(document.querySelector('textarea.json-field')).toBeNull();
  fireEvent.change(screen.getByLabelText('Accepted files'), { target: { value: 'pdf' } });
  expect(dispatch).toHaveBeenLastCalledWith({
    type: 'updateNode',
    id: trigger.id,
    params: { inputSchema: [{ key: 'photo', label: 'Site photo', type: 'file', required: true, accept: ['application/pdf'] }] },
  });
});
