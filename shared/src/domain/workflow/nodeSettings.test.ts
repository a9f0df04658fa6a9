import type { NodeType, Workflow, WorkflowNode } from './model.js';
import { DEFAULT_RETRY, ERROR_HANDLE, edgeCarriesOn, isErrorOutput, onErrorOf, retryDelayMs, retryPolicyOf } from './nodeSettings.js';
import { nodeSettingsSchema } from './nodeSettingsSchema.js';
import { defaultParams } from './params.js';
import { RUN_LIMITS } from './runs.js';
import { validateWorkflow } from './validate.js';

const node = (id: string, type: NodeType, extra: Partial<WorkflowNode> = {}): WorkflowNode => ({
  id,
  type,
  name: id,
  position: { x: 0, y: 0 },
  params: defaultParams(type) as Record<string, unknown>,
  ...extra,
});

/** trigger → call (http) → done, and call's error branch → fallback. */
function workflowWith(settings: unknown, errorEdge = true): Workflow {
  return {
    id: 'wf-1',
    ownerId: 'user-1',
    organizationId: null,
    name: 'Errors',
    description: '',
    category: 'automation',
    industry: 'general',
    tags: [],
    visibility: 'private',
    version: 1,
    createdAt: null,
    updatedAt: null,
    nodes: [
      node('start', 'trigger.manual'),
      { ...node('call', 'http', { params: { method: 'GET', url: 'https://example.com', headers: {} } }), settings } as WorkflowNode,
      node('done', 'output'),
      node('fallback', 'output'),
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'call' },
      { id: 'e2', source: 'call', target: 'done' },
      errorEdge ? { id: 'e3', source: 'call', sourceHandle: ERROR_HANDLE, target: 'fallback' } : { id: 'e3', source: 'call', target: 'fallback' },
    ],
  };
}

describe('node settings', () => {
  it('defaults to today: RUN_LIMITS attempts and delay on transient errors, and a failure stops the run', () => {
    const bare = node('a', 'http');
    expect(retryPolicyOf(bare)).toEqual({ attempts: RUN_LIMITS.maxAttempts, backoffMs: RUN_LIMITS.retryBaseDelayMs, on: 'transient' });
    expect(DEFAULT_RETRY.attempts).toBe(3);
    expect(onErrorOf(bare)).toBe('stop');
    expect(onErrorOf(undefined)).toBe('stop');
    const set = node('b', 'http', { settings: { retry: { attempts: 5, backoffMs: 100, on: 'any' }, onError: 'branch' } });
    expect(retryPolicyOf(set)).toEqual({ attempts: 5, backoffMs: 100, on: 'any' });
    expect(onErrorOf(set)).toBe('branch');
  });

  it('tells a handled failure’s output { error: { message }, input } from other values', () => {
    expect(isErrorOutput({ error: { message: 'down', code: 'x' }, input: {} })).toBe(true);
    for (const other of [null, [], 'error', { error: 'down', input: {} }, { error: { message: 'down' } }, { error: { message: 3 }, input: {} }]) expect(isErrorOutput(other)).toBe(false);
  });

  it('doubles the wait for each further attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs({ backoffMs: 250 }, attempt))).toEqual([250, 500, 1000, 2000]);
  });

  it('accepts the bounds and refuses what is past them', () => {
    expect(nodeSettingsSchema.safeParse({ retry: { attempts: 1, backoffMs: 0, on: 'transient' }, onError: 'continue' }).success).toBe(true);
    expect(nodeSettingsSchema.safeParse({ retry: { attempts: 10, backoffMs: 600_000, on: 'any' } }).success).toBe(true);
    expect(nodeSettingsSchema.safeParse({}).success).toBe(true);
    for (const bad of [{ retry: { attempts: 0, backoffMs: 0, on: 'any' } }, { retry: { attempts: 11, backoffMs: 0, on: 'any' } }, { retry: { attempts: 2, backoffMs: 600_001, on: 'any' } }, { retry: { attempts: 2.5, backoffMs: 0, on: 'any' } }, { onError: 'ignore' }, { extra: true }]) {
      expect(nodeSettingsSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('validateWorkflow and node settings', () => {
  it('accepts an error branch from a node whose failures branch', () => {
    expect(validateWorkflow(workflowWith({ onError: 'branch', retry: { attempts: 2, backoffMs: 1000, on: 'transient' } }))).toEqual([]);
    expect(validateWorkflow(workflowWith(undefined, false))).toEqual([]);
  });

  it('names each invalid setting by its path under settings', () => {
    const problems = validateWorkflow(workflowWith({ retry: { attempts: 11, backoffMs: -1, on: 'sometimes' }, onError: 'branch' }));
    expect(problems.map((p) => [p.code, p.nodeId, p.path, p.reason])).toEqual([
      ['invalid-params', 'call', 'settings.retry.attempts', 'too-big'],
      ['invalid-params', 'call', 'settings.retry.backoffMs', 'too-small'],
      ['invalid-params', 'call', 'settings.retry.on', 'invalid-option'],
    ]);
    expect(validateWorkflow(workflowWith({ onError: 'branch', color: 'red' })).map((p) => [p.path, p.reason])).toEqual([['settings.color', 'unknown-key']]);
  });

  it('refuses an error-branch edge from a node whose failures do not branch', () => {
    for (const settings of [undefined, { onError: 'stop' }, { onError: 'continue' }]) {
      expect(validateWorkflow(workflowWith(settings)).map((p) => [p.code, p.edgeId, p.path, p.reason, p.params])).toEqual([
        ['invalid-workflow', 'e3', 'sourceHandle', 'error-branch-off', { edge: 'e3', node: 'call' }],
      ]);
    }
  });

  it('checks the error workflow id', () => {
    expect(validateWorkflow({ ...workflowWith(undefined, false), errorWorkflowId: 'wf-errors' })).toEqual([]);
    expect(validateWorkflow({ ...workflowWith(undefined, false), errorWorkflowId: null })).toEqual([]);
    expect(validateWorkflow({ ...workflowWith(undefined, false), errorWorkflowId: 42 }).map((p) => p.path)).toEqual(['errorWorkflowId']);
  });
});

describe('which edges a finished step carries on along', () => {
  const main = {};
  const onError = { sourceHandle: ERROR_HANDLE };
  it('success: every edge but the error branch (a condition: its branch); a handled failure: its error branch, or with continue the others; else none', () => {
    expect([main, onError].map((edge) => edgeCarriesOn(edge, { status: 'succeeded', type: 'http', branch: null }))).toEqual([true, false]);
    expect([{ sourceHandle: 'true' }, { sourceHandle: 'false' }].map((edge) => edgeCarriesOn(edge, { status: 'succeeded', type: 'condition', branch: 'false' }))).toEqual([false, true]);
    expect([main, onError].map((edge) => edgeCarriesOn(edge, { status: 'failed', type: 'http', branch: ERROR_HANDLE, handled: true }))).toEqual([false, true]);
    expect([main, onError].map((edge) => edgeCarriesOn(edge, { status: 'failed', type: 'http', branch: null, handled: true }))).toEqual([true, false]);
    expect([main, onError].map((edge) => edgeCarriesOn(edge, { status: 'failed', type: 'http', branch: null }))).toEqual([false, false]);
    expect(edgeCarriesOn(main, { status: 'skipped', type: 'http', branch: null })).toBe(false);
  });
});
