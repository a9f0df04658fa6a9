// Versions that mean something (issue 19 item 6), in the whole builder with the
// in-memory WorkflowDocs: autosave keeps the working copy (its version counter
// moves on every save) but snapshots a meaningful change at most once a
// minute, on Run and on "Save version" (with its name); a restore asks first
// and can be undone. Jest's fake timers are the clock (Date.now and timers).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from '../testing/xyflowStubs';
import { fakeWorkflowDocs, type FakeWorkflowDocs } from '../testing/fakeWorkflowDocs';
import { BuilderRoute } from '../BuilderRoute';
import { SNAPSHOT_INTERVAL_MS } from './snapshotPolicy';

installXyflowStubs();

const workflow = (): Workflow => ({ ...emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' }), version: 2 });

async function open(docs: FakeWorkflowDocs, language: 'en' | 'de' = 'en') {
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      <Route path="/workflows/:id/runs" element={<p>run form page</p>} />
      <Route path="/workflows" element={<p>catalogue page</p>} />
    </Routes>,
    { route: '/workflows/wf-1', user: testUser(), language },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
}

const snapshots = (docs: FakeWorkflowDocs) => docs.saves.filter((s) => s.snapshot !== null);
const settingsName = () => within(screen.getByTestId('settings-panel')).getByLabelText('Name');

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

/** Renames the workflow (a meaningful change) and lets the autosave write it. */
async function rename(name: string) {
  fireEvent.change(settingsName(), { target: { value: name } });
  await advance(1_100);
}

afterEach(() => jest.useRealTimers());

test('ten edits within a minute make one snapshot when the minute ends; an edit after it makes a second; every save moves the version on', async () => {
  jest.useFakeTimers();
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  for (let i = 1; i <= 10; i += 1) {
    await rename(`Edit ${i}`);
    await advance(3_900); // 5 s per edit: ten edits in 50 s
  }
  expect(docs.saves).toHaveLength(10);
  expect(docs.saves.map((s) => s.expectedVersion)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  expect(snapshots(docs)).toHaveLength(0);

  // The minute since the first saved change ends: one snapshot, of the latest edit.
  await advance(SNAPSHOT_INTERVAL_MS - 50_000 + 1_000);
  expect(snapshots(docs)).toHaveLength(1);
  expect(docs.versions.map((v) => v.name)).toEqual(['Edit 10']);
  expect(docs.current!.version).toBe(13);

  // 61 s later another edit: its own minute, its own snapshot.
  await advance(61_000);
  await rename('Edit 11');
  expect(snapshots(docs)).toHaveLength(1);
  await advance(SNAPSHOT_INTERVAL_MS);
  expect(docs.versions.map((v) => v.name)).toEqual(['Edit 10', 'Edit 11']);
  // Nothing new: the minutes pass without snapshots.
  await advance(5 * SNAPSHOT_INTERVAL_MS);
  expect(snapshots(docs)).toHaveLength(2);
  // History lists them, newest first.
  const rows = within(screen.getByTestId('history-panel')).getAllByTestId('version-row');
  expect(rows.map((r) => r.dataset.version)).toEqual([String(docs.versions[1]!.version), String(docs.versions[0]!.version)]);
});

test('Save version with a name writes a labelled snapshot at once, listed by its name, by you, as the current one', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  fireEvent.change(settingsName(), { target: { value: 'Qualified leads' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save version' }));
  const dialog = await screen.findByTestId('save-version-dialog');
  const label = within(dialog).getByLabelText('Name (optional)');
  expect(label).toHaveAttribute('maxLength', '80');
  fireEvent.change(label, { target: { value: '  Before approvals  ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save version' }));
  await waitFor(() => expect(screen.queryByTestId('save-version-dialog')).not.toBeInTheDocument());
  // One snapshot, named, of the workflow with the edit.
  expect(snapshots(docs)).toHaveLength(1);
  expect(snapshots(docs)[0]).toMatchObject({ snapshot: { label: 'Before approvals' }, workflow: { name: 'Qualified leads' } });
  expect(await screen.findByText('Version saved.')).toBeInTheDocument();
  const panel = screen.getByTestId('history-panel');
  const row = await within(panel).findByText('Before approvals');
  const li = row.closest('li')!;
  expect(li).toHaveTextContent(`Version ${docs.current!.version}`);
  expect(li).toHaveTextContent('Current');
  expect(li).toHaveTextContent('by you');
  expect(within(li as HTMLElement).getByRole('button', { name: 'Restore' })).toBeDisabled();

  // Again without changes and without a name: still a snapshot (the user asked), unnamed.
  fireEvent.click(screen.getByRole('button', { name: 'Save version' }));
  fireEvent.click(within(await screen.findByTestId('save-version-dialog')).getByRole('button', { name: 'Save version' }));
  await waitFor(() => expect(snapshots(docs)).toHaveLength(2));
  expect(snapshots(docs)[1]!.snapshot).toEqual({});
  await waitFor(() => expect(within(panel).getAllByTestId('version-row')).toHaveLength(2));
});

test('Run snapshots the version it runs when that is not one yet; a second Run without changes adds none', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  fireEvent.change(settingsName(), { target: { value: 'About to run' } });
  fireEvent.click(screen.getByTestId('builder-run'));
  expect(await screen.findByText('run form page')).toBeInTheDocument();
  expect(docs.saves).toHaveLength(1);
  expect(docs.saves[0]).toMatchObject({ snapshot: {}, workflow: { name: 'About to run' } });
  expect(docs.versions.map((v) => v.name)).toEqual(['About to run']);
});

test('Run with nothing changed since the opened version saves nothing', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  fireEvent.click(screen.getByTestId('builder-run'));
  expect(await screen.findByText('run form page')).toBeInTheDocument();
  expect(docs.saves).toHaveLength(0);
});

test('leaving the builder with a change still waiting for its minute writes its snapshot', async () => {
  const docs = fakeWorkflowDocs(workflow());
  await open(docs);
  jest.useFakeTimers();
  await rename('Left behind');
  expect(snapshots(docs)).toHaveLength(0);
  fireEvent.click(screen.getByRole('link', { name: /All workflows/ }));
  await advance(0);
  expect(await screen.findByText('catalogue page')).toBeInTheDocument();
  await waitFor(() => expect(snapshots(docs)).toHaveLength(1));
  expect(docs.versions.map((v) => v.name)).toEqual(['Left behind']);
});

test('restore asks first (Cancel changes nothing); confirmed, it keeps what was there in a snapshot, restores, and Undo brings that back as the working copy', async () => {
  const base = workflow();
  const older = { ...base, nodes: [] as Workflow['nodes'], name: base.name };
  const docs = fakeWorkflowDocs(base, [
    { version: 1, name: base.name, label: 'Empty start', nodes: older.nodes, edges: [], savedBy: 'uid-of-grace', savedByName: 'Grace Hopper', savedAt: '2024-05-01T09:00:00.000Z' },
    { version: 2, name: base.name, nodes: base.nodes, edges: [], savedBy: 'user-1', savedByName: 'Test User', savedAt: '2024-05-02T09:00:00.000Z' },
  ]);
  await open(docs);
  const panel = screen.getByTestId('history-panel');
  await waitFor(() => expect(within(panel).getAllByTestId('version-row')).toHaveLength(2));
  // An unsaved change when restoring: it must not be lost.
  fireEvent.change(settingsName(), { target: { value: 'Mine before restoring' } });

  const restoreOne = () => fireEvent.click(within(within(panel).getAllByTestId('version-row')[1]!).getByRole('button', { name: 'Restore' }));
  restoreOne();
  const dialog = await screen.findByTestId('restore-dialog');
  expect(dialog).toHaveTextContent('Restore version 1?');
  expect(dialog).toHaveTextContent('Empty start');
  expect(dialog).toHaveTextContent('by Grace Hopper');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByTestId('restore-dialog')).not.toBeInTheDocument());
  expect(docs.saves).toHaveLength(0);

  restoreOne();
  fireEvent.click(within(await screen.findByTestId('restore-dialog')).getByRole('button', { name: 'Restore version 1' }));
  await waitFor(() => expect(screen.queryByTestId('restore-dialog')).not.toBeInTheDocument());
  // First the edit with a snapshot of it, then the restored graph as the working copy (no snapshot: it is one).
  expect(docs.saves.map((s) => [s.workflow.name, s.workflow.nodes.length, s.snapshot !== null])).toEqual([
    ['Mine before restoring', 1, true],
    ['Mine before restoring', 0, false],
  ]);
  expect(docs.current).toMatchObject({ version: 4, nodes: [] });
  await waitFor(() => expect(screen.queryAllByTestId('builder-node')).toHaveLength(0));
  const banner = screen.getByTestId('restored-banner');
  expect(banner).toHaveTextContent('Restored version 1.');

  fireEvent.click(within(banner).getByRole('button', { name: 'Undo' }));
  await waitFor(() => expect(screen.queryByTestId('restored-banner')).not.toBeInTheDocument());
  expect(screen.getByText('The restore was undone.')).toBeInTheDocument();
  // Exactly what was there before, saved as the next working copy.
  expect(docs.saves[2]).toMatchObject({ expectedVersion: 4, snapshot: null, workflow: { name: 'Mine before restoring', nodes: base.nodes, edges: base.edges } });
  expect(docs.current!.version).toBe(5);
  await waitFor(() => expect(screen.queryAllByTestId('builder-node')).toHaveLength(1));
  // The row of the version kept before restoring is "current" again.
  await waitFor(() => expect(within(panel).getAllByTestId('version-row')[0]).toHaveTextContent('Current'));
});

test('an edit after a restore ends the Undo offer', async () => {
  const base = workflow();
  const docs = fakeWorkflowDocs(base, [{ version: 1, name: base.name, nodes: [], edges: [], savedBy: 'user-1', savedByName: 'Test User', savedAt: '2024-05-01T09:00:00.000Z' }]);
  await open(docs);
  const panel = screen.getByTestId('history-panel');
  fireEvent.click(within(await within(panel).findByTestId('version-row')).getByRole('button', { name: 'Restore' }));
  fireEvent.click(within(await screen.findByTestId('restore-dialog')).getByRole('button', { name: 'Restore version 1' }));
  expect(await screen.findByTestId('restored-banner')).toBeInTheDocument();
  fireEvent.change(settingsName(), { target: { value: 'Edited after' } });
  expect(screen.queryByTestId('restored-banner')).not.toBeInTheDocument();
});

test('in German: Save version, the dialog, the history and the restore confirmation', async () => {
  const base = workflow();
  const docs = fakeWorkflowDocs(base, [{ version: 1, name: base.name, label: 'Erster Entwurf', nodes: [], edges: [], savedBy: 'user-1', savedByName: 'Test User', savedAt: '2024-05-01T09:00:00.000Z' }]);
  await open(docs, 'de');
  fireEvent.click(screen.getByRole('button', { name: 'Version speichern' }));
  const dialog = await screen.findByTestId('save-version-dialog');
  expect(within(dialog).getByLabelText('Bezeichnung (optional)')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
  const panel = screen.getByTestId('history-panel');
  fireEvent.click(within(await within(panel).findByTestId('version-row')).getByRole('button', { name: 'Wiederherstellen' }));
  const confirm = await screen.findByTestId('restore-dialog');
  expect(confirm).toHaveTextContent('Version 1 wiederherstellen?');
  expect(within(confirm).getByRole('button', { name: 'Version 1 wiederherstellen' })).toBeInTheDocument();
});
