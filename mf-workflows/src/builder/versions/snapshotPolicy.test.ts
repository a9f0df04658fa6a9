import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { mergeRequests, SNAPSHOT_INTERVAL_MS, snapshotKey, SnapshotPlanner } from './snapshotPolicy';

const base = (): Workflow => emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' });

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

test('moving a node or pinning sample output is not a meaningful change; a param, an edge or the name is', () => {
  const wf = base();
  const moved = { ...wf, nodes: wf.nodes.map((n) => ({ ...n, position: { x: n.position.x + 7, y: n.position.y - 3 } })) };
  const pinned = { ...wf, nodes: wf.nodes.map((n) => ({ ...n, pinned: { output: { a: 1 }, pinnedAt: '2026-01-01T00:00:00.000Z' } })) };
  expect(snapshotKey(moved)).toBe(snapshotKey(wf));
  expect(snapshotKey(pinned)).toBe(snapshotKey(wf));
  const param = { ...wf, nodes: wf.nodes.map((n) => ({ ...n, params: { ...n.params, extra: true } })) };
  expect(snapshotKey(param)).not.toBe(snapshotKey(wf));
  expect(snapshotKey({ ...wf, edges: [{ id: 'e1', source: 'a', target: 'b' }] })).not.toBe(snapshotKey(wf));
  expect(snapshotKey({ ...wf, name: 'Renamed' })).not.toBe(snapshotKey(wf));
});

test('the first meaningful change starts the minute; later edits ride along; the snapshot is due when it ends', () => {
  const clock = manualClock();
  const planner = new SnapshotPlanner(base(), clock.now);
  // Ten edits within the minute: none carries a snapshot, each says how long until one is due.
  for (let i = 1; i <= 10; i += 1) {
    const plan = planner.plan({ ...base(), name: `Edit ${i}` });
    expect(plan.snapshot).toBe(false);
    expect(plan.dueInMs).toBe(SNAPSHOT_INTERVAL_MS - (i - 1) * 5_000);
    clock.advance(5_000);
  }
  clock.advance(SNAPSHOT_INTERVAL_MS - 50_000);
  expect(planner.plan({ ...base(), name: 'Edit 10' })).toEqual({ snapshot: true, dueInMs: null });
  planner.written({ ...base(), name: 'Edit 10' });
  // Nothing new since: none pending.
  expect(planner.plan({ ...base(), name: 'Edit 10' })).toEqual({ snapshot: false, dueInMs: null });
  // A change 61 s later starts a new minute.
  clock.advance(61_000);
  expect(planner.plan({ ...base(), name: 'Edit 11' })).toEqual({ snapshot: false, dueInMs: SNAPSHOT_INTERVAL_MS });
});

test('a change undone before its minute ends leaves nothing pending, and a move alone never makes one due', () => {
  const clock = manualClock();
  const wf = base();
  const planner = new SnapshotPlanner(wf, clock.now);
  expect(planner.plan({ ...wf, name: 'Temporary' }).dueInMs).toBe(SNAPSHOT_INTERVAL_MS);
  clock.advance(10_000);
  expect(planner.plan(wf)).toEqual({ snapshot: false, dueInMs: null });
  clock.advance(120_000);
  const moved = { ...wf, nodes: wf.nodes.map((n) => ({ ...n, position: { x: 500, y: 500 } })) };
  expect(planner.plan(moved)).toEqual({ snapshot: false, dueInMs: null });
  expect(planner.differs(moved)).toBe(false);
});

test('requests merge: always wins, the newer label wins', () => {
  expect(mergeRequests(null, { always: false })).toEqual({ always: false });
  expect(mergeRequests({ always: true, label: 'A' }, { always: false })).toEqual({ always: true, label: 'A' });
  expect(mergeRequests({ always: false }, { always: true, label: 'B' })).toEqual({ always: true, label: 'B' });
});
