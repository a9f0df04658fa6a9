// The builder's Run waits for the autosave: a run executes the stored
// version, so the run form opens only once the latest edit is saved, and a
// failed save keeps the user in the builder with the error.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from './testing/xyflowStubs';
import { fakeWorkflowDocs, type FakeWorkflowDocs } from './testing/fakeWorkflowDocs';
import { BuilderRoute } from './BuilderRoute';

installXyflowStubs();

const workflow = (): Workflow => ({ ...emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' }), version: 2 });

/** What happened, in order: saves starting and ending, and the run form page appearing. */
let events: string[] = [];

/** docs.save held until the test releases it (or makes it fail). */
function holdSaves(docs: FakeWorkflowDocs) {
  const real = docs.save.bind(docs);
  const held: Array<{ release: () => void; fail: () => void }> = [];
  docs.save = (wf, expectedVersion) => {
    const types = wf.nodes.map((n) => n.type).join(',');
    events.push(`save started: ${types}`);
    return new Promise((resolve, reject) => {
      held.push({
        release: () => {
          real(wf, expectedVersion).then((saved) => {
            events.push(`saved: ${types}`);
            resolve(saved);
          }, reject);
        },
        fail: () => {
          events.push(`save failed: ${types}`);
          reject(new Error('permission-denied'));
        },
      });
    });
  };
  return held;
}

/** The run form route: records what the stored workflow held when it was reached. */
function RunFormProbe({ docs }: { docs: FakeWorkflowDocs }) {
  const stored = docs.current!.nodes.map((n) => n.type).join(',');
  events.push(`run form: ${stored}`);
  return <p>run form page ({stored})</p>;
}

async function open(docs: FakeWorkflowDocs) {
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
      <Route path="/workflows/:id/runs" element={<RunFormProbe docs={docs} />} />
    </Routes>,
    { route: '/workflows/wf-1', user: testUser() },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  return within(screen.getByRole('toolbar'));
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  events = [];
});
afterEach(() => jest.useRealTimers());

test('Run right after an edit saves it first (pending and in-flight saves), then opens the run form', async () => {
  const docs = fakeWorkflowDocs(workflow());
  const held = holdSaves(docs);
  const toolbar = await open(docs);
  jest.useFakeTimers();

  // First edit: the debounce fires and its save is in flight.
  fireEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
  await act(async () => {
    jest.advanceTimersByTime(1000);
  });
  expect(events).toEqual(['save started: trigger.manual,agent']);
  // Second edit, still within the debounce: then Run.
  fireEvent.click(screen.getByRole('button', { name: 'Add Output' }));
  await act(async () => {
    fireEvent.click(toolbar.getByTestId('builder-run'));
  });
  expect(toolbar.getByTestId('builder-run')).toHaveTextContent('Saving…');
  expect(toolbar.getByTestId('builder-run')).toHaveAttribute('aria-busy', 'true');
  expect(screen.queryByText(/run form page/)).not.toBeInTheDocument();

  // The save in flight ends; Run saves the second edit at once (no debounce) and still waits.
  await act(async () => {
    held[0]!.release();
  });
  expect(events).toEqual(['save started: trigger.manual,agent', 'saved: trigger.manual,agent', 'save started: trigger.manual,agent,output']);
  expect(screen.queryByText(/run form page/)).not.toBeInTheDocument();

  await act(async () => {
    held[1]!.release();
  });
  expect(await screen.findByText('run form page (trigger.manual,agent,output)')).toBeInTheDocument();
  expect(events).toEqual([
    'save started: trigger.manual,agent',
    'saved: trigger.manual,agent',
    'save started: trigger.manual,agent,output',
    'saved: trigger.manual,agent,output',
    'run form: trigger.manual,agent,output',
  ]);
  expect(docs.current!.version).toBe(4);
});

test('nothing to save: Run opens the run form at once, with no save', async () => {
  const docs = fakeWorkflowDocs(workflow());
  const save = jest.spyOn(docs, 'save');
  renderWithProviders(
    <>
      <Routes>
        <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
        <Route path="/workflows/:id/runs" element={<RunFormProbe docs={docs} />} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/workflows/wf-1', user: testUser() },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  fireEvent.click(within(screen.getByRole('toolbar')).getByRole('link', { name: 'Run' }));
  expect(await screen.findByText('run form page (trigger.manual)')).toBeInTheDocument();
  expect(location()).toBe('/workflows/wf-1/runs?run=1');
  expect(save).not.toHaveBeenCalled();
});

test('a failed save keeps the user in the builder with the error; Run again once it saves', async () => {
  const docs = fakeWorkflowDocs(workflow());
  const held = holdSaves(docs);
  const toolbar = await open(docs);

  fireEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
  await act(async () => {
    fireEvent.click(toolbar.getByTestId('builder-run'));
  });
  expect(toolbar.getByTestId('builder-run')).toHaveTextContent('Saving…');
  await act(async () => {
    held[0]!.fail();
  });

  expect(await screen.findByTestId('builder-run-error')).toHaveTextContent('Your latest changes could not be saved, so the run was not started. Try again.');
  expect(screen.getByTestId('builder-canvas')).toBeInTheDocument();
  expect(screen.queryByText(/run form page/)).not.toBeInTheDocument();
  expect(toolbar.getByTestId('builder-run')).toHaveTextContent(/^Run$/);
  expect(screen.getByTestId('save-status')).toHaveTextContent('Save failed');
  expect(docs.current!.nodes.map((n) => n.type)).toEqual(['trigger.manual']);

  // Run again: this time the save goes through, then the run form opens.
  await act(async () => {
    fireEvent.click(toolbar.getByTestId('builder-run'));
  });
  expect(screen.queryByTestId('builder-run-error')).not.toBeInTheDocument();
  await act(async () => {
    held[1]!.release();
  });
  expect(await screen.findByText('run form page (trigger.manual,agent)')).toBeInTheDocument();
  expect(events).toEqual(['save started: trigger.manual,agent', 'save failed: trigger.manual,agent', 'save started: trigger.manual,agent', 'saved: trigger.manual,agent', 'run form: trigger.manual,agent']);
});
