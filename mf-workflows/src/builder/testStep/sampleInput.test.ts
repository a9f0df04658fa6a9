import { PINNED_OUTPUT_MAX_BYTES, newStep, sampleFailedRunDetails, type RunStep, type WorkflowEdge, type WorkflowNode } from '@agentflow/shared/workflow';
import { jsonBytes, parseSampleInput, pinnable, sampleInput } from './sampleInput';

const node = (id: string, type: WorkflowNode['type'] = 'transform', pinned?: unknown): WorkflowNode => ({
  id,
  name: id,
  type,
  position: { x: 0, y: 0 },
  params: {},
  ...(pinned === undefined ? {} : { pinned: { output: pinned, pinnedAt: '2024-01-01T00:00:00.000Z' } }),
});
const step = (id: string, output: unknown, status: RunStep['status'] = 'succeeded'): RunStep => newStep({ id, nodeId: id, parentStepId: null, name: id, type: 'transform', status, output });

const edges: WorkflowEdge[] = [
  { id: 'a', source: 'start', target: 'left' },
  { id: 'b', source: 'start', target: 'right' },
  { id: 'c', source: 'left', target: 'join' },
  { id: 'd', source: 'right', target: 'join' },
  { id: 'e', source: 'join', target: 'after' },
];

test('every upstream key (not only the direct ones) from its pin first, else the last run; the run input under trigger and input; what has neither is named', () => {
  const nodes = [node('start', 'trigger.manual'), node('left', 'transform', { pinnedLeft: 1 }), node('right'), node('join'), node('after')];
  const run = { input: { company: 'Acme' }, steps: [step('start', { company: 'Acme' }), step('left', { fromRun: 1 }), step('right', null, 'failed')] };
  const sample = sampleInput({ nodes, edges }, 'after', run);
  expect(sample.input).toEqual({ trigger: { company: 'Acme' }, input: { company: 'Acme' }, start: { company: 'Acme' }, left: { pinnedLeft: 1 } });
  expect(Object.keys(sample.input).slice(0, 2)).toEqual(['trigger', 'input']);
  expect(sample.sources).toEqual({ start: 'lastRun', left: 'pinned', trigger: 'lastRun', input: 'lastRun' });
  expect(sample.missing.sort()).toEqual(['join', 'right']);
});

test('a pinned trigger sample is the run input and wins over the last run; no run and no pin: empty objects', () => {
  const nodes = [node('start', 'trigger.manual', { company: 'Pinned Co' }), node('left')];
  expect(sampleInput({ nodes, edges }, 'left', { input: { company: 'Acme' }, steps: [] }).input).toEqual({ trigger: { company: 'Pinned Co' }, input: { company: 'Pinned Co' }, start: { company: 'Pinned Co' } });
  expect(sampleInput({ nodes: [node('start', 'trigger.manual'), node('left')], edges }, 'left', null)).toEqual({ input: { trigger: {}, input: {} }, sources: {}, missing: [] });
});

test('the sample text must be a JSON object; pins are limited to PINNED_OUTPUT_MAX_BYTES of JSON (UTF-8)', () => {
  expect(parseSampleInput('{"a": 1}')).toEqual({ ok: true, input: { a: 1 } });
  expect(parseSampleInput('{"a": ')).toEqual({ ok: false, reason: 'json' });
  expect(parseSampleInput('null')).toEqual({ ok: false, reason: 'object' });
  expect(jsonBytes({ e: 'é' })).toBe(10);
  expect(pinnable('x'.repeat(PINNED_OUTPUT_MAX_BYTES - 2))).toEqual({ ok: true });
  expect(pinnable('x'.repeat(PINNED_OUTPUT_MAX_BYTES - 1))).toEqual({ ok: false, bytes: PINNED_OUTPUT_MAX_BYTES + 1 });
  expect(pinnable(undefined)).toEqual({ ok: false, bytes: null });
});

test('an error trigger without a pin or a run gives its sample failed-run details as the run input', () => {
  const nodes = [node('failed', 'trigger.error'), node('note')];
  const flow = [{ id: 'a', source: 'failed', target: 'note' }];
  expect(sampleInput({ nodes, edges: flow }, 'note', null)).toEqual({
    input: { trigger: sampleFailedRunDetails(), input: sampleFailedRunDetails() },
    sources: { trigger: 'sample', input: 'sample' },
    missing: [],
  });
  // A real failed run's details win.
  const run = { input: { ...sampleFailedRunDetails(), failedAt: 'then' }, steps: [] };
  expect(sampleInput({ nodes, edges: flow }, 'note', run).input.input).toMatchObject({ failedAt: 'then' });
});
