// The error trigger in the model: its params, its one output shape (picker
// fields and sample), the one-per-workflow rule and who a person's run fires.
import type { NodeType, Workflow, WorkflowNode } from './model.js';
import { NODE_TYPES, TRIGGER_TYPES } from './model.js';
import { defaultParams, NODE_PARAM_SCHEMAS } from './params.js';
import { validateWorkflow } from './validate.js';
import { nodeOutput } from './outputs.js';
import { availableFields } from './availableFields.js';
import { personTriggerOf } from './triggers.js';
import { createNode, emptyWorkflow } from './factories.js';
import { NODE_TYPE_LABELS } from './labels.js';
import { failedRunDetailsSchema } from './errorTrigger.js';
import { errorTriggerOf, hasErrorTrigger, runPathOf, sampleFailedRunDetails } from './errorTriggerSample.js';

const node = (id: string, type: NodeType, params: Record<string, unknown> = defaultParams(type) as Record<string, unknown>): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params });

function reporter(nodes: WorkflowNode[], edges: Workflow['edges']): Workflow {
  return { ...emptyWorkflow('u1', 'Report failures', { id: 'wf-report' }), version: 1, nodes, edges };
}

describe('the error trigger', () => {
  it('is a trigger node type with no settings, named "Error trigger"', () => {
    expect(NODE_TYPES).toContain('trigger.error');
    expect(TRIGGER_TYPES).toContain('trigger.error');
    expect(NODE_PARAM_SCHEMAS['trigger.error'].safeParse(defaultParams('trigger.error')).success).toBe(true);
    expect(NODE_PARAM_SCHEMAS['trigger.error'].safeParse({ path: 'x' }).success).toBe(false);
    expect(createNode('trigger.error', { x: 0, y: 0 }, [])).toMatchObject({ id: 'errorTrigger_1', name: NODE_TYPE_LABELS['trigger.error'] });
  });

  it('outputs the failed run’s details: the picker lists them with sample values', () => {
    const output = nodeOutput({ type: 'trigger.error', params: {} });
    expect(output.open).toBe(false);
    expect(output.fields.map((f) => f.name)).toEqual(['workflow', 'run', 'failedStep', 'error', 'failedAt']);
    expect(output.fields.find((f) => f.name === 'failedStep')!.children!.map((f) => f.name)).toEqual(['id', 'name', 'type']);

    const wf = reporter([node('failed', 'trigger.error'), node('note', 'transform', { mapping: 'input.error.message' })], [{ id: 'e1', source: 'failed', target: 'note' }]);
    const [input] = availableFields(wf, 'note');
    expect(input).toMatchObject({ key: 'input', nodeId: 'failed', nodeType: 'trigger.error', hasSample: true, open: false });
    const error = input!.fields.find((f) => f.name === 'error')!;
    expect(error.children!.find((f) => f.name === 'message')).toMatchObject({ reference: 'input.error.message', from: 'both', sample: '"HTTP 503 Service Unavailable"' });
    // A real sample (a pinned output) wins over the built-in one.
    const pinned = { ...wf, nodes: [{ ...wf.nodes[0]!, pinned: { output: { ...sampleFailedRunDetails(), failedAt: 'pinned' }, pinnedAt: '2026-01-01T00:00:00Z' } }, wf.nodes[1]!] };
    expect(availableFields(pinned, 'note')[0]!.fields.find((f) => f.name === 'failedAt')!.sample).toBe('"pinned"');
  });

  it('checks references against that shape: the old `input.failedRun` is an unknown field here', () => {
    const wf = reporter(
      [node('failed', 'trigger.error'), node('ok', 'transform', { mapping: 'input.failedStep.name & input.run.path' }), node('old', 'transform', { mapping: 'input.failedRun.id' })],
      [
        { id: 'e1', source: 'failed', target: 'ok' },
        { id: 'e2', source: 'failed', target: 'old' },
      ],
    );
    const problems = validateWorkflow(wf);
    expect(problems.filter((p) => p.nodeId === 'ok')).toEqual([]);
    expect(problems.filter((p) => p.nodeId === 'old').map((p) => p.reason)).toEqual(['unknown-field']);
  });

  it('the sample is a valid instance of the one schema the engine builds', () => {
    expect(failedRunDetailsSchema.parse(sampleFailedRunDetails())).toEqual(sampleFailedRunDetails());
    expect(runPathOf('wf 1', 'r/2')).toBe('/workflows/wf%201/runs/r%2F2');
  });

  it('a workflow has at most one', () => {
    const wf = reporter(
      [node('a', 'trigger.error'), node('b', 'trigger.error'), node('hand', 'trigger.manual'), node('note', 'transform', { mapping: '$' })],
      [
        { id: 'e1', source: 'a', target: 'note' },
        { id: 'e2', source: 'b', target: 'note' },
        { id: 'e3', source: 'hand', target: 'note' },
      ],
    );
    expect(validateWorkflow(wf).map((p) => [p.code, p.reason, p.nodeId])).toEqual([['trigger-count', 'extra-error-trigger', 'b']]);
    expect(errorTriggerOf(wf)?.id).toBe('a');
    expect(hasErrorTrigger(wf)).toBe(true);
    expect(hasErrorTrigger({ nodes: [node('hand', 'trigger.manual')] })).toBe(false);
    expect(hasErrorTrigger({})).toBe(false);
  });

  it('a person’s run fires another trigger first, the error trigger only when it is the only one', () => {
    expect(personTriggerOf({ nodes: [node('failed', 'trigger.error'), node('hook', 'trigger.webhook')] })?.id).toBe('hook');
    expect(personTriggerOf({ nodes: [node('failed', 'trigger.error'), node('hand', 'trigger.manual')] })?.id).toBe('hand');
    expect(personTriggerOf({ nodes: [node('failed', 'trigger.error'), node('note', 'transform')] })?.id).toBe('failed');
  });
});
