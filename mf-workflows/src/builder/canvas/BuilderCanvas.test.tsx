// The builder's canvas as a user meets it: steps placed after the selected one with names in their
// language, translated branch labels and controls, copy and paste, folding docks, the shortcuts list,
// and on a phone the step list with its sheets.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from '../testing/xyflowStubs';
import { fakeWorkflowDocs, type FakeWorkflowDocs } from '../testing/fakeWorkflowDocs';
import { BuilderRoute } from '../BuilderRoute';
import { CLIPBOARD_MARKER } from './clipboard';
import { DOCKS_STORAGE_KEY } from './docks';

installXyflowStubs();

const workflow = (): Workflow => ({ ...emptyWorkflow('user-1', 'Leads', { id: 'wf-1' }), version: 1 });
const nodes = () => screen.queryAllByTestId('builder-node');
const nodeById = (id: string) => nodes().find((n) => n.dataset.nodeId === id)!;

async function open(docs: FakeWorkflowDocs, language: SupportedLanguage = 'en') {
  const view = renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
    </Routes>,
    { route: '/workflows/wf-1', user: testUser(), language },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  await waitFor(() => expect(nodes().length).toBeGreaterThan(0));
  return view;
}
const latest = (docs: FakeWorkflowDocs) => docs.saves.at(-1)!.workflow;

afterEach(() => window.localStorage.clear());

test('German: a step added with a step selected is placed after it, connected, and named in German; branches say Ja/Nein', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs, 'de');
  const trigger = nodes()[0]!;
  fireEvent.click(trigger);
  fireEvent.click(await screen.findByRole('button', { name: 'Bedingung hinzufügen' }));
  await waitFor(() => expect(nodes()).toHaveLength(2));
  const condition = nodes().find((n) => n.dataset.nodeType === 'condition')!;
  expect(condition).toHaveTextContent('Bedingung');
  expect(within(condition).getByText('Ja')).toBeInTheDocument();
  expect(within(condition).getByText('Nein')).toBeInTheDocument();
  // Then an output after the condition: from its Ja branch.
  fireEvent.click(screen.getByRole('button', { name: 'Ausgabe hinzufügen' }));
  await waitFor(() => expect(nodes()).toHaveLength(3));
  await waitFor(() => expect(docs.saves.length).toBeGreaterThan(0), { timeout: 5000 });
  await waitFor(() => expect(latest(docs).nodes).toHaveLength(3), { timeout: 5000 });
  const [manual, cond, output] = latest(docs).nodes;
  expect([cond!.name, output!.name]).toEqual(['Bedingung', 'Ausgabe']);
  expect(latest(docs).edges).toEqual([
    expect.objectContaining({ source: manual!.id, target: cond!.id }),
    expect.objectContaining({ source: cond!.id, target: output!.id, sourceHandle: 'true' }),
  ]);
  expect(cond!.position.x).toBeGreaterThan(manual!.position.x);
  expect(output!.position.x).toBeGreaterThan(cond!.position.x);
  // The zoom controls speak German too.
  expect(screen.getByRole('button', { name: 'Vergrößern' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'An den Bildschirm anpassen' })).toBeInTheDocument();
});

test('a card shows the key, a summary of the configuration and its problem count in words', async () => {
  const base = workflow();
  const docs = fakeWorkflowDocs({
    ...base,
    nodes: [...base.nodes, { id: 'call_api', type: 'http', name: 'Call the CRM', position: { x: 300, y: 0 }, params: { method: 'POST', url: 'https://crm.example.com/v1/leads', headers: {}, timeoutMs: 1000 } }],
  });
  await open(docs);
  const card = nodeById('call_api');
  expect(card).toHaveTextContent('Call the CRM');
  expect(within(card).getByText('call_api')).toHaveClass('builder-node-key');
  expect(card).toHaveTextContent('POST crm.example.com');
  // Not connected: unreachable, counted on the card in words.
  expect(Number(card.dataset.problems)).toBeGreaterThan(0);
  expect(within(card).getByTestId('node-problems')).toHaveTextContent(`${card.dataset.problems} problems`);
});

test('copy and paste through the page clipboard events: fresh keys, references among the pasted steps follow', async () => {
  const base = workflow();
  const docs = fakeWorkflowDocs({
    ...base,
    nodes: [
      ...base.nodes,
      { id: 'score', type: 'transform', name: 'Score', position: { x: 300, y: 0 }, params: { mapping: '{ "value": 1 }' } },
      { id: 'check', type: 'condition', name: 'Check', position: { x: 600, y: 0 }, params: { expression: 'score.value > 0' } },
    ],
    edges: [{ id: 'e1', source: 'score', target: 'check' }],
  });
  await open(docs);
  // Shift-click selects both (xyflow follows the Shift key itself).
  fireEvent.click(nodeById('score'));
  fireEvent.keyDown(document, { key: 'Shift' });
  fireEvent.click(nodeById('check'), { shiftKey: true });
  fireEvent.keyUp(document, { key: 'Shift' });
  await waitFor(() => expect(nodeById('check')).toHaveClass('builder-node--selected'));
  expect(nodeById('score')).toHaveClass('builder-node--selected');
  let copied = '';
  fireEvent.copy(document, { clipboardData: { setData: (_type: string, text: string) => void (copied = text), getData: () => '' } });
  expect(JSON.parse(copied)).toMatchObject({ type: CLIPBOARD_MARKER, nodes: [{ id: 'score' }, { id: 'check' }], edges: [{ source: 'score', target: 'check' }] });
  expect(screen.getByTestId('clipboard-status')).toHaveTextContent('Copied 2 step(s).');

  fireEvent.paste(document, { clipboardData: { getData: () => copied } });
  await waitFor(() => expect(nodes()).toHaveLength(5));
  await waitFor(() => expect(latest(docs).nodes).toHaveLength(5), { timeout: 5000 });
  const pasted = latest(docs).nodes.slice(3);
  expect(pasted.map((n) => n.id)).toEqual(['transform_1', 'condition_1']);
  expect(pasted[1]!.params.expression).toBe('transform_1.value > 0');
  expect(latest(docs).edges.at(-1)).toMatchObject({ source: 'transform_1', target: 'condition_1' });
  // Undo takes the whole paste back.
  fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
  await waitFor(() => expect(nodes()).toHaveLength(3));
  // Other text pasted on the canvas is left alone.
  fireEvent.paste(document, { clipboardData: { getData: () => 'just text' } });
  expect(nodes()).toHaveLength(3);
});

test('the side panels fold away and stay folded next time; selecting a step unfolds them', async () => {
  const docs = fakeWorkflowDocs(workflow());
  const view = await open(docs);
  const side = screen.getByTestId('builder-side');
  fireEvent.click(screen.getByRole('button', { name: 'Hide the side panels' }));
  expect(side).not.toBeVisible();
  expect(JSON.parse(window.localStorage.getItem(DOCKS_STORAGE_KEY)!)).toMatchObject({ panels: true });
  // A panel of its own folds to one row naming it.
  view.unmount();
  await open(docs);
  expect(screen.getByTestId('builder-side')).not.toBeVisible();
  fireEvent.click(nodes()[0]!);
  await waitFor(() => expect(screen.getByTestId('builder-side')).toBeVisible());
  fireEvent.click(screen.getByRole('button', { name: 'Collapse History' }));
  expect(screen.queryByTestId('history-panel')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'History' }));
  expect(screen.getByTestId('history-panel')).toBeInTheDocument();
});

test('? opens the shortcuts list (loaded on demand), Close shuts it', async () => {
  await open(fakeWorkflowDocs(workflow()));
  fireEvent.keyDown(window, { key: '?' });
  const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const text of ['Undo', 'Redo', 'Delete the selection', 'Copy the selected steps', 'Duplicate the selected steps', 'Select all steps', 'Tidy up the layout', 'Fit the workflow to the screen']) {
    expect(within(dialog).getByText(text)).toBeInTheDocument();
  }
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

describe('on a phone', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      return { matches: max ? 390 <= Number(max[1]) : false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined };
    }) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  test('a step list under a read-only canvas; a tap opens the step; Add step opens the palette as a sheet', async () => {
    const base = workflow();
    await open(fakeWorkflowDocs({ ...base, nodes: [...base.nodes, { id: 'shape', type: 'transform', name: 'Shape it', position: { x: 300, y: 0 }, params: { mapping: 'input.name' } }], edges: [{ id: 'e', source: base.nodes[0]!.id, target: 'shape' }] }));
    const list = screen.getByTestId('step-list');
    const steps = within(list).getAllByRole('button');
    expect(steps.map((s) => s.dataset.step)).toEqual([base.nodes[0]!.id, 'shape']);
    expect(steps[1]).toHaveTextContent('Shape it');
    expect(steps[1]).toHaveTextContent('input.name');
    // The toolbar is one menu, not a row of buttons; no palette on the page.
    const menu = screen.getByText('More actions').closest('details')!;
    expect(within(menu).getByRole('button', { name: 'Undo', hidden: true })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Save version', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Nodes' })).not.toBeInTheDocument();

    fireEvent.click(steps[1]!);
    const side = screen.getByTestId('builder-side');
    await waitFor(() => expect(side).toBeVisible());
    expect(within(screen.getByTestId('config-panel')).getByLabelText('Node name')).toHaveValue('Shape it');
    fireEvent.click(within(side).getByRole('button', { name: /Back to canvas/ }));

    fireEvent.click(screen.getByRole('button', { name: '+ Add step' }));
    const sheet = screen.getByTestId('palette-sheet');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Add Output' }));
    await waitFor(() => expect(screen.queryByTestId('palette-sheet')).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByTestId('step-list')).getAllByRole('button')).toHaveLength(3));
    // The new step opens for configuration at once.
    await waitFor(() => expect(screen.getByTestId('builder-side')).toBeVisible());
    await act(async () => undefined);
  });
});
