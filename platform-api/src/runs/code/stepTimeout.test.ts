// The engine's timeout of a code step's attempt leaves room for the code's own
// time limit and the pool's backstop: at the maximum (10 s, the default step
// timeout too) the code's limit, not the step's, ends it.
import type { WorkflowNode } from '@agentflow/shared/workflow';
import { stepTimeoutMs } from '../attempt';

const codeNode = (params: Record<string, unknown>): WorkflowNode => ({ id: 'c', type: 'code', name: 'Code', position: { x: 0, y: 0 }, params: { code: 'return 1', ...params } }) as WorkflowNode;
const limits = { defaultStepTimeoutMs: 10_000, agentStepTimeoutMs: 60_000 };

it('gives a code step its time limit plus the backstop margin and a starting thread, never less than the default', () => {
  expect(stepTimeoutMs(codeNode({ timeoutMs: 10_000 }), limits)).toBe(15_000);
  expect(stepTimeoutMs(codeNode({}), limits)).toBe(10_000);
  expect(stepTimeoutMs(codeNode({ timeoutMs: 8_000 }), { ...limits, defaultStepTimeoutMs: 500 })).toBe(13_000);
});
