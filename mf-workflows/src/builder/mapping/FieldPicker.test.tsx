// The field picker on a node's expression and template fields: it lists the
// run's input and the upstream nodes' fields (declared and sampled), inserts
// the reference (bare in an expression, {{ }} in a template) by click, Enter
// or drag and drop; the preview shows the value on the sample data.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import { FIELD_DRAG_TYPE } from './insert';
import { mappingWorkflow, renderPanel } from '../testing/mappingHarness';

const items = (picker: HTMLElement) => within(picker).getAllByRole('treeitem').map((i) => i.querySelector('.field-picker-name')!.textContent);

async function openPicker(fieldLabel: string) {
  const field = screen.getByLabelText(fieldLabel);
  const mapped = field.closest('[data-testid="mapped-field"]') as HTMLElement;
  fireEvent.click(within(mapped).getByRole('button', { name: /Insert field/ }));
  const picker = await within(mapped).findByRole('dialog', { name: 'Fields available here' });
  return { field: field as HTMLTextAreaElement, mapped, picker };
}

test('the transform’s picker lists the run input and the upstream agent’s fields; a click inserts the bare reference at the caret', async () => {
  const { paramsOf } = renderPanel(mappingWorkflow({ stage: 'won', score: 82, contact: { name: 'Ada' } }), 'shape');
  const { field, picker } = await openPicker('Mapping');
  await waitFor(() => expect(items(picker)).toEqual(['company', 'email', 'stage', 'score', 'contact']));
  expect(picker).toHaveTextContent('Run input');
  expect(picker).toHaveTextContent('Qualify the lead extract');
  // Not upstream: the writer and the output are not offered.
  expect(picker).not.toHaveTextContent('Writer');
  // A sampled field shows its type and value.
  expect(within(picker).getByText('score').closest('[role="treeitem"]')).toHaveTextContent('number82');

  field.setSelectionRange(0, 0);
  fireEvent.select(field);
  fireEvent.click(within(picker).getByText('stage'));
  expect(paramsOf('shape').mapping).toBe('extract.stageextract.score');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('in a template the reference goes in as {{ ref }}; search, arrow keys, → to open and Enter pick by keyboard', async () => {
  const { paramsOf } = renderPanel(mappingWorkflow({ stage: 'won', score: 82, contact: { name: 'Ada' } }), 'writer');
  const { picker } = await openPicker('Prompt template');
  const search = within(picker).getByRole('combobox', { name: 'Search fields' });
  expect(search).toHaveFocus();
  fireEvent.change(search, { target: { value: 'cont' } });
  expect(items(picker)).toEqual(['contact', 'name']);
  fireEvent.change(search, { target: { value: '' } });
  await waitFor(() => expect(items(picker)).toEqual(['company', 'email', 'stage', 'score', 'contact']));
  for (let i = 0; i < 4; i++) fireEvent.keyDown(search, { key: 'ArrowDown' });
  expect(search.getAttribute('aria-activedescendant')).toBe(within(picker).getByText('contact').closest('[role="treeitem"]')!.id);
  fireEvent.keyDown(search, { key: 'ArrowRight' });
  expect(items(picker)).toEqual(['company', 'email', 'stage', 'score', 'contact', 'name']);
  fireEvent.keyDown(search, { key: 'ArrowDown' });
  fireEvent.keyDown(search, { key: 'Enter' });
  expect(paramsOf('writer').promptTemplate).toBe('Write about {{ extract.stage }}{{ extract.contact.name }}');
});

test('a field dragged from the picker and dropped on a field is inserted there', async () => {
  const { paramsOf } = renderPanel(mappingWorkflow({ stage: 'won', score: 82 }), 'writer');
  const { picker } = await openPicker('Prompt template');
  const data = new Map<string, string>();
  const dataTransfer = {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    effectAllowed: 'all',
    dropEffect: 'none',
  };
  await waitFor(() => expect(within(picker).getByText('company')).toBeInTheDocument());
  fireEvent.dragStart(within(picker).getByText('company').closest('[role="treeitem"]')!, { dataTransfer });
  expect(data.get(FIELD_DRAG_TYPE)).toBe('input.company');
  // Dropped on another node's field? Here: the writer's prompt, at its caret (the start).
  const prompt = screen.getByLabelText('Prompt template') as HTMLTextAreaElement;
  prompt.setSelectionRange(0, 0);
  fireEvent.select(prompt);
  const target = prompt.closest('[data-testid="mapped-field"]')!;
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
  expect(paramsOf('writer').promptTemplate).toBe('{{ input.company }}Write about {{ extract.stage }}');
});

test('the preview shows the value on the pinned sample, and on the latest run’s; without samples it says so', async () => {
  const first = renderPanel(mappingWorkflow({ stage: 'won', score: 82 }), 'shape');
  expect(await screen.findByTestId('mapped-preview')).toHaveTextContent('Preview: 82');
  fireEvent.change(screen.getByLabelText('Mapping'), { target: { value: 'extract.score * 2 & " " & $uppercase(extract.stage)' } });
  await waitFor(() => expect(screen.getByTestId('mapped-preview')).toHaveTextContent('Preview: "164 WON"'));
  fireEvent.change(screen.getByLabelText('Mapping'), { target: { value: 'extract.score +' } });
  await waitFor(() => expect(screen.getByTestId('mapped-preview')).toHaveTextContent(/^Preview: This cannot be read:/));
  first.unmount();

  const run = {
    id: 'run-1',
    input: { company: 'Acme' },
    steps: [{ id: 'extract', nodeId: 'extract', parentStepId: null, status: 'succeeded', output: { stage: 'lost', score: 12 } }],
  } as unknown as WorkflowRun;
  const second = renderPanel(mappingWorkflow(), 'writer', { latest: run });
  await waitFor(() => expect(screen.getByTestId('mapped-preview')).toHaveTextContent('Preview: Write about lost'));
  second.unmount();

  renderPanel(mappingWorkflow(), 'shape');
  expect(await screen.findByText('No sample data yet — test or run the workflow.')).toBeInTheDocument();
  await act(() => new Promise((r) => setTimeout(r, 250)));
  expect(screen.queryByTestId('mapped-preview')).toBeNull();
});

test('in German the picker and the preview speak German', async () => {
  renderPanel(mappingWorkflow({ stage: 'won', score: 82 }), 'shape', { language: 'de' });
  const mapped = screen.getByTestId('mapped-field');
  fireEvent.click(await within(mapped).findByRole('button', { name: /Feld einfügen/ }));
  const picker = await within(mapped).findByRole('dialog', { name: 'Hier verfügbare Felder' });
  await waitFor(() => expect(picker).toHaveTextContent('Eingabe des Laufs'));
  expect(within(picker).getByRole('combobox', { name: 'Felder suchen' })).toBeInTheDocument();
  expect(await screen.findByTestId('mapped-preview')).toHaveTextContent('Vorschau: 82');
});
