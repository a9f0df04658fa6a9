// The builder offline (issue 25): edits are kept on this device, written when
// the connection returns only over the version they started from, and a
// newer version saved elsewhere meanwhile is offered to the user, never
// overwritten.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from './testing/xyflowStubs';
import { fakeWorkflowDocs, type FakeWorkflowDocs } from './testing/fakeWorkflowDocs';
import { BuilderRoute } from './BuilderRoute';
import { readDraft, writeDraft } from '../api/workflowDrafts';
import { setOnline } from '@agentflow/shared/testing/online';

installXyflowStubs();

const workflow = (): Workflow => ({ ...emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' }), version: 2 });

function spied(docs: FakeWorkflowDocs): FakeWorkflowDocs {
  for (const method of ['save', 'loadFromServer'] as const) jest.spyOn(docs, method);
  return docs;
}

async function open(docs: FakeWorkflowDocs, language: 'en' | 'de' = 'en') {
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
    </Routes>,
    { route: '/workflows/wf-1', user: testUser(), language },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
}

const nodes = () => screen.queryAllByTestId('builder-node');
const status = () => screen.getByTestId('save-status');

/** Adds an agent and lets the autosave run (real timers: the save is 1 s after the edit). */
async function addAgentAndWait(expected: RegExp | string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
  await waitFor(() => expect(status()).toHaveTextContent(expected), { timeout: 4000 });
}

afterEach(() => {
  setOnline(true);
  window.localStorage.clear();
});

test('offline, an edit is kept on this device (not sent), and the builder says so; back online it reaches the server on the version it started from', async () => {
  const docs = spied(fakeWorkflowDocs(workflow()));
  await open(docs);
  act(() => setOnline(false));
  await addAgentAndWait("Saved on this device — syncs when you're back online");
  expect(docs.save).not.toHaveBeenCalled();
  const draft = readDraft('user-1', 'wf-1');
  expect(draft).toMatchObject({ baseVersion: 2, workflow: { id: 'wf-1' } });
  expect(draft?.workflow.nodes.map((node) => node.type)).toEqual(['trigger.manual', 'agent']);
  const note = screen.getByTestId('builder-offline');
  expect(note).toHaveTextContent("You're offline. Your changes are saved on this device and sync when you're back online.");
  expect(note).toHaveTextContent(/Saved on this device, as of .+/);

  act(() => setOnline(true));
  await waitFor(() => expect(status()).toHaveTextContent('All changes saved'));
  expect(docs.loadFromServer).toHaveBeenCalledWith('wf-1');
  expect(docs.saves).toHaveLength(1);
  expect(docs.saves[0]).toMatchObject({ expectedVersion: 2 });
  expect(docs.saves[0]!.workflow.nodes.map((node) => node.type)).toEqual(['trigger.manual', 'agent']);
  expect(readDraft('user-1', 'wf-1')).toBeNull();
  expect(screen.queryByTestId('builder-offline')).not.toBeInTheDocument();
});

test('a version saved elsewhere meanwhile is offered with both versions; nothing is written until the user keeps theirs', async () => {
  const docs = spied(fakeWorkflowDocs(workflow()));
  await open(docs);
  act(() => setOnline(false));
  await addAgentAndWait(/Saved on this device/);
  // Someone else saves version 3 (renamed, with an output step) while this device is offline.
  docs.current = { ...workflow(), version: 3, name: 'Renamed elsewhere', nodes: [...workflow().nodes, { id: 'output-1', type: 'output', name: 'Their output', position: { x: 300, y: 0 }, params: {} } as Workflow['nodes'][number]] };

  act(() => setOnline(true));
  const dialog = await screen.findByTestId('conflict-dialog', {}, { timeout: 4000 });
  expect(docs.save).not.toHaveBeenCalled();
  expect(status()).toHaveTextContent('Changed elsewhere — choose a version');
  expect(within(dialog).getByRole('heading', { name: 'This workflow changed while you were offline' })).toBeInTheDocument();
  const mine = within(dialog).getByTestId('conflict-mine');
  expect(mine).toHaveTextContent('Your version');
  expect(mine).toHaveTextContent('Lead follow-up');
  expect(mine).toHaveTextContent('Steps: 2');
  const theirs = within(dialog).getByTestId('conflict-theirs');
  expect(theirs).toHaveTextContent('Version 3 on the server');
  expect(theirs).toHaveTextContent('Renamed elsewhere');
  expect(theirs).toHaveTextContent('Their output');
  // Deciding later keeps the edit on the device, and the status reopens the choice.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Decide later' }));
  await waitFor(() => expect(screen.queryByTestId('conflict-dialog')).not.toBeInTheDocument());
  expect(readDraft('user-1', 'wf-1')).not.toBeNull();
  fireEvent.click(status());

  fireEvent.click(within(await screen.findByTestId('conflict-dialog')).getByRole('button', { name: 'Keep my version' }));
  await waitFor(() => expect(status()).toHaveTextContent('All changes saved'));
  expect(docs.saves).toHaveLength(1);
  expect(docs.saves[0]).toMatchObject({ expectedVersion: 3, workflow: { name: 'Lead follow-up' } });
  expect(docs.saves[0]!.workflow.nodes.map((node) => node.type)).toEqual(['trigger.manual', 'agent']);
  expect(readDraft('user-1', 'wf-1')).toBeNull();
});

test('taking the server version drops the kept edit and shows theirs', async () => {
  const docs = spied(fakeWorkflowDocs(workflow()));
  await open(docs);
  act(() => setOnline(false));
  await addAgentAndWait(/Saved on this device/);
  docs.current = { ...workflow(), version: 5, name: 'Theirs' };
  act(() => setOnline(true));
  fireEvent.click(within(await screen.findByTestId('conflict-dialog', {}, { timeout: 4000 })).getByRole('button', { name: 'Use the server version' }));
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Theirs'));
  expect(nodes()).toHaveLength(1);
  expect(docs.save).not.toHaveBeenCalled();
  expect(readDraft('user-1', 'wf-1')).toBeNull();
  expect(status()).toHaveTextContent('All changes saved');
});

test('a reload with an edit kept on this device continues from it, and syncs as soon as it is online', async () => {
  const edited = { ...workflow(), name: 'Edited offline' };
  writeDraft({ uid: 'user-1', workflowId: 'wf-1', baseVersion: 2, workflow: edited });
  const docs = spied(fakeWorkflowDocs(workflow()));
  await open(docs);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edited offline');
  await waitFor(() => expect(status()).toHaveTextContent('All changes saved'));
  expect(docs.saves[0]).toMatchObject({ expectedVersion: 2, workflow: { name: 'Edited offline' } });
});

test('opened offline from this device’s copy: marked with when it was saved there, in German too', async () => {
  setOnline(false);
  const docs = spied(fakeWorkflowDocs(workflow()));
  docs.deviceSavedAt = '2025-03-05T14:05:00.000Z';
  await open(docs, 'de');
  const note = screen.getByTestId('builder-offline');
  expect(note).toHaveAttribute('data-saved-at', '2025-03-05T14:05:00.000Z');
  expect(note).toHaveTextContent('Sie sind offline. Ihre Änderungen werden auf diesem Gerät gespeichert und synchronisiert, sobald Sie wieder online sind.');
  expect(note).toHaveTextContent(/Auf diesem Gerät gespeichert, Stand .*2025/);
});

test('the server unreachable while the browser says online: the edit is kept, not lost', async () => {
  const docs = spied(fakeWorkflowDocs(workflow()));
  await open(docs);
  jest.spyOn(docs, 'save').mockRejectedValueOnce(Object.assign(new Error('Failed to get document'), { code: 'unavailable' }));
  await addAgentAndWait(/Saved on this device/);
  expect(readDraft('user-1', 'wf-1')?.workflow.nodes).toHaveLength(2);
});
