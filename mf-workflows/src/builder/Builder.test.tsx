import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from './testing/xyflowStubs';
import { fakeWorkflowDocs as plainFake, type FakeWorkflowDocs } from './testing/fakeWorkflowDocs';
import { BuilderRoute } from './BuilderRoute';
import type { WorkflowDocs } from '../api/workflowDocs';
import { WorkflowsTexts } from '../i18n/WorkflowsTexts';

installXyflowStubs();

/** The in-memory docs with every method spied on. */
function fakeWorkflowDocs(...args: Parameters<typeof plainFake>): FakeWorkflowDocs {
  const docs = plainFake(...args);
  for (const method of ['load', 'save', 'listVersions', 'restore'] as const) jest.spyOn(docs, method);
  return docs;
}

const workflow = (): Workflow => ({ ...emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' }), version: 2 });

function renderBuilder(docs: WorkflowDocs, user = testUser()) {
  return renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      <Route path="/signin" element={<p>sign in page</p>} />
    </Routes>,
    { route: '/workflows/wf-1', user },
  );
}

async function open(docs: FakeWorkflowDocs) {
  renderBuilder(docs);
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
}

const nodes = () => screen.queryAllByTestId('builder-node');

afterEach(() => jest.useRealTimers());

test('signed out: sent to sign in, nothing loaded', async () => {
  const docs = fakeWorkflowDocs(workflow());
  renderBuilder(docs, null as never);
  expect(await screen.findByText('sign in page')).toBeInTheDocument();
  expect(docs.load).not.toHaveBeenCalled();
});

test('loads the workflow by :id and shows its nodes', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  expect(docs.load).toHaveBeenCalledWith('wf-1');
  await waitFor(() => expect(nodes()).toHaveLength(1));
  expect(nodes()[0]).toHaveAttribute('data-node-type', 'trigger.manual');
  expect(screen.getByTestId('save-status')).toHaveTextContent('All changes saved');
});

test('a missing workflow says so', async () => {
  renderBuilder(fakeWorkflowDocs(null));
  expect(await screen.findByText(/does not exist/, {}, { timeout: 5000 })).toBeInTheDocument();
});

test('palette adds nodes; problems are marked on nodes; delete and undo/redo work', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  // A new step follows the last one: the output after the trigger, connected; an agent after
  // the output (which has no way out) is not connected.
  fireEvent.click(screen.getByRole('button', { name: 'Add Output' }));
  await waitFor(() => expect(nodes()).toHaveLength(2));
  fireEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
  await waitFor(() => expect(nodes()).toHaveLength(3));
  const agent = nodes().find((n) => n.dataset.nodeType === 'agent')!;
  // Not connected: unreachable, marked on the node and in the problems list.
  expect(Number(agent.dataset.problems)).toBeGreaterThan(0);
  const list = screen.getByTestId('problems-list');
  expect(within(list).getByText(/unreachable|reach/i)).toBeInTheDocument();

  // Clicking the problem selects its node in the config panel.
  fireEvent.click(within(list).getAllByRole('button')[0]!);
  await waitFor(() => expect(within(screen.getByTestId('config-panel')).getByLabelText('Agent name')).toBeInTheDocument());

  // The config panel connects the trigger to the agent: no problems left.
  const trigger = nodes()[0]!.dataset.nodeId!;
  await selectNode(trigger);
  const panel = screen.getByTestId('config-panel');
  fireEvent.change(within(panel).getByLabelText('Connect to'), { target: { value: 'agent_1' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(nodes().find((n) => n.dataset.nodeType === 'agent')).toHaveAttribute('data-problems', '0'));

  // Delete the agent with the Delete key, then undo and redo.
  await selectNode('agent_1');
  fireEvent.keyDown(window, { key: 'Delete' });
  await waitFor(() => expect(nodes()).toHaveLength(2));
  fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
  await waitFor(() => expect(nodes()).toHaveLength(3));
  fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
  await waitFor(() => expect(nodes()).toHaveLength(2));
  fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
  await waitFor(() => expect(nodes()).toHaveLength(3));
});

async function selectNode(id: string) {
  // Clicking a node selects it through xyflow's select change.
  const el = nodes().find((n) => n.dataset.nodeId === id)!;
  fireEvent.click(el);
  await waitFor(() => expect(screen.getByTestId('config-panel')).toHaveTextContent(/Node configuration:/));
}

describe('on a phone (matchMedia says the builder.css phone query matches)', () => {
  const original = window.matchMedia;
  /** matchMedia for a viewport of the given width (only max-width queries, as builder.css/Builder use). */
  function viewport(width: number) {
    window.matchMedia = ((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) : false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      };
    }) as typeof window.matchMedia;
  }
  /** Opens a one-node workflow at that width; resolves with the side panels' container. */
  async function openAt(width: number): Promise<HTMLElement> {
    viewport(width);
    await open(fakeWorkflowDocs(workflow()));
    await waitFor(() => expect(nodes()).toHaveLength(1));
    return screen.getByTestId('builder-side');
  }
  afterEach(() => {
    window.matchMedia = original;
  });

  test('tapping a node opens its configuration as a sheet; Back to canvas closes it and drops the selection', async () => {
    const side = await openAt(390);
    expect(side).not.toBeVisible();

    const trigger = nodes()[0]!;
    fireEvent.click(trigger);
    await waitFor(() => expect(side).toBeVisible());
    const panel = screen.getByTestId('config-panel');
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent(/Node configuration:/);
    expect(within(panel).getByLabelText('Connect to')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show panels' })).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(within(side).getByRole('button', { name: /Back to canvas/ }));
    await waitFor(() => expect(side).not.toBeVisible());
    expect(screen.getByTestId('config-panel')).not.toHaveTextContent(/Node configuration:/);
    expect(nodes()[0]).not.toHaveClass('builder-node--selected');

    // Tapping the same node again opens it again.
    fireEvent.click(nodes()[0]!);
    await waitFor(() => expect(side).toBeVisible());
    expect(screen.getByTestId('config-panel')).toHaveTextContent(/Node configuration:/);
  });

  test('wider screens keep the panels beside the canvas: never hidden, no Back to canvas', async () => {
    const side = await openAt(820);
    expect(side).toBeVisible();
    await selectNode(nodes()[0]!.dataset.nodeId!);
    expect(side).toBeVisible();
    expect(screen.queryByRole('button', { name: /Back to canvas/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show panels' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('config panel shows zod and expression errors next to the field', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  fireEvent.click(screen.getByRole('button', { name: 'Add HTTP request' }));
  const panel = await screen.findByTestId('config-panel');
  await waitFor(() => expect(panel).toHaveTextContent('HTTP request'));
  const url = within(panel).getByLabelText('Address');
  fireEvent.change(url, { target: { value: 'ftp://nope' } });
  expect(url).toHaveAttribute('aria-invalid', 'true');
  expect(within(panel).getByText('Enter a web address that starts with http:// or https://.')).toBeInTheDocument();
  // The headers' table has a JSON view; invalid JSON there is said under it.
  const headersField = within(panel).getByText('Headers').closest('[data-testid="structured-field"]') as HTMLElement;
  fireEvent.click(within(headersField).getByRole('button', { name: 'Edit as JSON' }));
  const headers = within(panel).getByLabelText('Headers (JSON)');
  fireEvent.change(headers, { target: { value: '{"X-Id": ' } });
  expect(within(panel).getByText(/^This is not valid JSON: /)).toBeInTheDocument();
  fireEvent.change(url, { target: { value: 'https://api.example.com' } });
  expect(url).not.toHaveAttribute('aria-invalid');
});

test('autosave: debounced, with the expected version, then saved; a failure offers retry', async () => {
  jest.useFakeTimers();
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  const status = screen.getByTestId('save-status');
  fireEvent.click(screen.getByRole('button', { name: 'Add Condition' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add Output' }));
  expect(status).toHaveTextContent('Saving…');
  act(() => {
    jest.advanceTimersByTime(900);
  });
  expect(docs.save).not.toHaveBeenCalled();
  await act(async () => {
    jest.advanceTimersByTime(200);
  });
  expect(docs.save).toHaveBeenCalledTimes(1);
  expect(docs.saves[0]!.expectedVersion).toBe(2);
  expect(docs.saves[0]!.workflow.nodes.map((n) => n.type)).toEqual(['trigger.manual', 'condition', 'output']);
  await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('All changes saved'));

  // The next save expects the version just written.
  docs.failNextSave = true;
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Renamed' } });
  await act(async () => {
    jest.advanceTimersByTime(1100);
  });
  expect(docs.saves[1]!.expectedVersion).toBe(3);
  const retry = await screen.findByRole('button', { name: 'Save failed — retry' });
  await act(async () => {
    fireEvent.click(retry);
  });
  expect(docs.saves[2]).toMatchObject({ expectedVersion: 3, workflow: { name: 'Renamed' } });
  await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('All changes saved'));
});

test('leaving the builder for another route saves pending edits at once, not a second later', async () => {
  const docs = fakeWorkflowDocs(workflow());
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      <Route path="/workflows" element={<p>catalogue page</p>} />
    </Routes>,
    { route: '/workflows/wf-1', user: testUser() },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  jest.useFakeTimers();
  fireEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
  expect(docs.save).not.toHaveBeenCalled();
  // No timer runs: the unmount itself saves.
  await act(async () => {
    fireEvent.click(screen.getByRole('link', { name: /All workflows/ }));
  });
  expect(screen.getByText('catalogue page')).toBeInTheDocument();
  expect(docs.save).toHaveBeenCalledTimes(1);
  expect(docs.saves[0]!.workflow.nodes.map((n) => n.type)).toEqual(['trigger.manual', 'agent']);
  await act(async () => {
    jest.advanceTimersByTime(5000);
  });
  expect(docs.save).toHaveBeenCalledTimes(1);
});

test('pagehide (closing or leaving the tab) saves pending edits at once; nothing pending, nothing saved', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  jest.useFakeTimers();
  await act(async () => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(docs.save).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Add Output' }));
  await act(async () => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(docs.save).toHaveBeenCalledTimes(1);
  expect(docs.saves[0]).toMatchObject({ expectedVersion: 2 });
  expect(docs.saves[0]!.workflow.nodes.map((n) => n.type)).toEqual(['trigger.manual', 'output']);
  expect(screen.getByTestId('save-status')).toHaveTextContent('All changes saved');
  // The debounced save that was waiting finds nothing left to save.
  await act(async () => {
    jest.advanceTimersByTime(2000);
  });
  expect(docs.save).toHaveBeenCalledTimes(1);
});

test('settings name categories and industries in words, never their ids', async () => {
  const docs = fakeWorkflowDocs({ ...workflow(), category: 'productivity', industry: 'field-services' });
  // As in the app: WorkflowsApp provides the catalogue's texts around the builder.
  renderWithProviders(
    <WorkflowsTexts>
      <Routes>
        <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      </Routes>
    </WorkflowsTexts>,
    { route: '/workflows/wf-1', user: testUser() },
  );
  const settings = await screen.findByTestId('settings-panel', {}, { timeout: 5000 });
  const category = within(settings).getByLabelText('Category') as HTMLSelectElement;
  const industry = within(settings).getByLabelText('Industry') as HTMLSelectElement;
  expect(category.selectedOptions[0]).toHaveTextContent('Productivity');
  expect(industry.selectedOptions[0]).toHaveTextContent('Field services');
  expect([...category.options].map((o) => o.textContent)).not.toContain('productivity');
  expect([...industry.options].map((o) => o.textContent)).not.toContain('field-services');
});

test('history lists versions newest first and restores one, after a confirmation, as the working copy', async () => {
  const base = workflow();
  const docs = fakeWorkflowDocs(base, [
    { version: 0, name: base.name, nodes: [], edges: [], savedBy: 'uid-without-name', savedByName: '', savedAt: '2024-04-01T09:00:00.000Z' },
    { version: 1, name: base.name, nodes: [], edges: [], savedBy: 'uid-of-grace', savedByName: 'Grace Hopper', savedAt: '2024-05-01T09:00:00.000Z' },
    { version: 2, name: base.name, nodes: base.nodes, edges: [], savedBy: 'user-1', savedByName: 'Test User', savedAt: '2024-05-02T09:00:00.000Z' },
  ]);
  await open(docs);
  const panel = screen.getByTestId('history-panel');
  await waitFor(() => expect(within(panel).getAllByTestId('version-row')).toHaveLength(3));
  const rows = within(panel).getAllByTestId('version-row');
  expect(rows.map((r) => r.dataset.version)).toEqual(['2', '1', '0']);
  // Never a uid: "you", the saver's name, or (older snapshots without one) "another member".
  expect(rows[0]).toHaveTextContent('by you');
  expect(rows[1]).toHaveTextContent('by Grace Hopper');
  expect(rows[1]).not.toHaveTextContent('uid-of-grace');
  expect(rows[2]).toHaveTextContent('by another member');
  expect(rows[2]).not.toHaveTextContent('uid-without-name');
  fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore' }));
  fireEvent.click(within(await screen.findByTestId('restore-dialog')).getByRole('button', { name: 'Restore version 1' }));
  await waitFor(() => expect(docs.restore).toHaveBeenCalledWith('wf-1', 1, expect.objectContaining({ version: 2 })));
  await waitFor(() => expect(nodes()).toHaveLength(0));
  // The working copy is version 3; no snapshot was added (version 1 is one already).
  expect(docs.current!.version).toBe(3);
  expect(within(panel).getAllByTestId('version-row')).toHaveLength(3);
});

test('export fills the JSON box; import reports invalid JSON and a non-workflow, and never changes the open workflow', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  fireEvent.click(screen.getByTestId('export-json'));
  const box = screen.getByLabelText('Workflow JSON') as HTMLTextAreaElement;
  const exported = JSON.parse(box.value) as Workflow;
  expect(exported.nodes).toHaveLength(1);

  fireEvent.change(box, { target: { value: '{ nope' } });
  fireEvent.click(screen.getByTestId('import-json'));
  expect(await screen.findByTestId('import-report')).toHaveTextContent('This file is not valid JSON');

  fireEvent.change(box, { target: { value: '{"nodes": 3}' } });
  fireEvent.click(screen.getByTestId('import-json'));
  expect(await screen.findByTestId('import-report')).toHaveTextContent('This file is not a workflow');
  expect(nodes()).toHaveLength(1);
  // A valid file becomes a new workflow (lifecycle/builderImport.test.tsx), never the open one's graph.
});

test('the approval step’s approvers field says what it accepts; other fields have no such hint', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  fireEvent.click(screen.getByRole('button', { name: 'Add Approval' }));
  const panel = await screen.findByTestId('config-panel');
  await waitFor(() => expect(within(panel).getByLabelText('Approvers')).toBeInTheDocument());
  expect(within(panel).getAllByTestId('field-hint').map((hint) => hint.textContent)).toEqual(['Role ids (e.g. sales_manager), user ids or e-mail addresses (verified)']);
  expect(within(panel).getByLabelText('Approvers').closest('.builder-field')).toHaveTextContent('Role ids (e.g. sales_manager), user ids or e-mail addresses (verified)');
});

test('connections name branches as the card does and do not offer a step already connected from that branch', async () => {
  const base = workflow();
  const docs = fakeWorkflowDocs({
    ...base,
    nodes: [
      ...base.nodes,
      { id: 'check', type: 'condition', name: 'Big deal?', position: { x: 300, y: 0 }, params: { expression: 'input.amount > 10' } },
      { id: 'won', type: 'output', name: 'Won', position: { x: 600, y: 0 }, params: { mapping: '$' } },
    ],
    edges: [...base.edges, { id: 'e1', source: 'trigger', target: 'check' }, { id: 'e2', source: 'check', sourceHandle: 'true', target: 'won' }],
  });
  await open(docs);
  await waitFor(() => expect(nodes()).toHaveLength(3));
  await selectNode('check');
  const panel = screen.getByTestId('config-panel');
  // The branch by its name (Yes/No), never the stored 'true'/'false'.
  expect(within(panel).getByText(/^Yes → Won/)).toBeInTheDocument();
  const branch = within(panel).getByLabelText('Branch') as HTMLSelectElement;
  expect([...branch.options].map((o) => o.textContent)).toEqual(['Yes', 'No']);
  // Won is connected from Yes: not offered there, offered from No.
  const targets = () => [...(within(panel).getByLabelText('Connect to') as HTMLSelectElement).options].map((o) => o.value);
  expect(targets()).not.toContain('won');
  fireEvent.change(branch, { target: { value: 'false' } });
  expect(targets()).toContain('won');
});
