// The code step's form in the configuration panel (jsdom): the CodeMirror
// editor arrives lazily with the code, typing reaches the workflow, a syntax
// error is said under the editor as one types (and goes away when fixed),
// the hint names the step input and the keys of earlier steps, and the limits
// are number fields.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { createNode, defaultParams, emptyWorkflow, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import type { SupportedLanguage } from '@agentflow/shared';
import { ConfigPanel } from '../ConfigPanel';
import { ConfigPanelHarness } from '../testing/configPanelHarness';

// jsdom has no layout: CodeMirror measures text ranges, which it lacks.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

function workflowWithCode(code: string): { workflow: Workflow; node: WorkflowNode } {
  const base = emptyWorkflow('user-1', 'Prices');
  const trigger = base.nodes[0]!;
  const fetch = { ...createNode('http', { x: 0, y: 200 }, [trigger.id]), id: 'fetch_1', name: 'Fetch prices' };
  const node = { ...createNode('code', { x: 0, y: 400 }, [trigger.id, fetch.id]), id: 'format', name: 'Format', params: { ...defaultParams('code'), code } };
  return {
    workflow: { ...base, nodes: [trigger, fetch, node], edges: [{ id: 'e1', source: trigger.id, target: 'fetch_1' }, { id: 'e2', source: 'fetch_1', target: 'format' }] },
    node,
  };
}

/** The panel on a code node whose params follow each updateNode. */
function Harness({ code, onParams }: { code: string; onParams: (params: Record<string, unknown>) => void }) {
  return <ConfigPanelHarness setup={() => workflowWithCode(code)} onParams={onParams} />;
}

async function renderCode(code: string, language: SupportedLanguage = 'en') {
  const onParams = jest.fn();
  renderWithProviders(<Harness code={code} onParams={onParams} />, { language });
  const host = await screen.findByTestId('code-editor', {}, { timeout: 5000 });
  await waitFor(() => expect(host.querySelector('.cm-content')).not.toBeNull());
  const view = EditorView.findFromDOM(host.querySelector('.cm-editor') as HTMLElement)!;
  const type = (text: string) => act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
  return { view, type, latest: () => onParams.mock.calls.at(-1)?.[0] as Record<string, unknown> };
}

test('the editor shows the code, and what one types becomes the step’s code', async () => {
  const { view, type, latest } = await renderCode('return 1;');
  expect(view.state.doc.toString()).toBe('return 1;');
  // Labelled by the visible label, as a multi-line text box.
  const content = screen.getByRole('textbox', { name: 'Code (JavaScript)' });
  expect(content).toHaveAttribute('aria-multiline', 'true');
  expect(content).toHaveAttribute('contenteditable', 'true');
  // Highlighted by the JavaScript mode, with line numbers.
  expect(document.querySelector('.cm-lineNumbers')).not.toBeNull();
  type('return { total: input.fetch_1.body.length };');
  expect(latest()).toMatchObject({ code: 'return { total: input.fetch_1.body.length };', timeoutMs: 2000, memoryMb: 32 });
  expect(screen.getByTestId('code-syntax')).toHaveTextContent('No syntax errors');
});

test('a syntax error is said under the editor while one types, with its line, and goes when fixed', async () => {
  const { type } = await renderCode('const a = 1;\nreturn a;');
  type('const a = 1;\nconst b = ;\nreturn a;');
  expect(screen.getByTestId('code-syntax')).toHaveTextContent('Syntax error on line 2, column 11');
  expect(screen.getByTestId('code-syntax')).toHaveAttribute('role', 'alert');
  type('const a = 1;\nconst b = 2;\nreturn a + b;');
  expect(screen.getByTestId('code-syntax')).toHaveTextContent('No syntax errors');
});

test('the hint names the step input, the keys of earlier steps and the return value', async () => {
  await renderCode('return 1;');
  const hint = screen.getByTestId('code-hint');
  expect(hint).toHaveTextContent('“input” (or “$”) holds the step input: input.input is the run’s input.');
  expect(hint).toHaveTextContent('Earlier steps’ outputs by key: input.fetch_1.');
  expect(hint).toHaveTextContent('what you return is this step’s output');
  expect(hint).not.toHaveTextContent('Inside the loop');
});

test('in a loop’s body the hint names the item and its index, and not the loop’s own output (it comes after the items)', async () => {
  const base = emptyWorkflow('user-1', 'Contacts');
  const trigger = base.nodes[0]!;
  const fetch = { ...createNode('http', { x: 0, y: 200 }, [trigger.id]), id: 'fetch_1' };
  const loop = { ...createNode('loop', { x: 0, y: 400 }, [trigger.id, fetch.id]), id: 'loop_1' };
  const node = { ...createNode('code', { x: 0, y: 600 }, [trigger.id, fetch.id, loop.id]), id: 'clean' };
  const workflow: Workflow = {
    ...base,
    nodes: [trigger, fetch, loop, node],
    edges: [
      { id: 'e1', source: trigger.id, target: 'fetch_1' },
      { id: 'e2', source: 'fetch_1', target: 'loop_1' },
      { id: 'e3', source: 'loop_1', sourceHandle: 'body', target: 'clean' },
    ],
  };
  renderWithProviders(<ConfigPanel workflow={workflow} node={node} dispatch={() => undefined} />);
  const hint = await screen.findByTestId('code-hint');
  expect(hint).toHaveTextContent('Inside the loop: input.item is the current item and input.index its position (0 for the first).');
  expect(hint).toHaveTextContent('Earlier steps’ outputs by key: input.fetch_1.');
  expect(hint).not.toHaveTextContent('loop_1');
});

test('the time and memory limits are number fields of the form', async () => {
  const { latest } = await renderCode('return 1;');
  fireEvent.change(screen.getByLabelText('Timeout (ms)'), { target: { value: '500' } });
  expect(latest()).toMatchObject({ timeoutMs: 500 });
  fireEvent.change(screen.getByLabelText('Memory limit (MB)'), { target: { value: '64' } });
  expect(latest()).toMatchObject({ timeoutMs: 500, memoryMb: 64 });
});

test('an empty code is a problem named under the editor', async () => {
  const { view, type } = await renderCode('return 1;');
  type('');
  expect(await screen.findByText('This is required.', {}, { timeout: 2000 })).toBeInTheDocument();
  // The same editor goes on (not remade as the problem appeared): focus and undo history stay.
  expect(view.dom.isConnected).toBe(true);
});

test('in German, the label, hint and syntax message are German', async () => {
  const { type } = await renderCode('return 1;', 'de');
  expect(await screen.findByRole('textbox', { name: 'Skript (JavaScript)' })).toBeInTheDocument();
  type('return (;');
  await waitFor(() => expect(screen.getByTestId('code-syntax')).toHaveTextContent(/^Syntaxfehler in Zeile 1, Spalte \d+$/));
});
