import { describeIssue } from '../validation/issues.js';
import { EXECUTIONS_LIMITS, decodeExecutionsCursor, encodeExecutionsCursor, executionsQuerySchema, executionsSearch, rerunRequestSchema } from './executions.js';

describe('executions cursor', () => {
  it('round-trips the last row’s createdAt and id', () => {
    const cursor = { createdAt: '2026-05-01T09:00:00.123Z', id: 'run_abc-1' };
    expect(decodeExecutionsCursor(encodeExecutionsCursor(cursor))).toEqual(cursor);
  });
  it.each(['', 'nonsense', '2026-05-01T09:00:00Z|', '|abc', 'yesterday|abc', '2026-05-01T09:00:00Z|a/b'])('refuses %p', (text) => {
    expect(decodeExecutionsCursor(text)).toBeNull();
  });
});

describe('executionsQuerySchema', () => {
  it('accepts every filter and turns days into instants', () => {
    const parsed = executionsQuerySchema.parse({ workspace: 'personal', workflowId: 'wf1', status: 'failed', trigger: 'webhook', from: '2026-05-01', to: '2026-05-02T00:00:00+02:00', limit: '20' });
    expect(parsed).toEqual({ workspace: 'personal', workflowId: 'wf1', status: 'failed', trigger: 'webhook', from: '2026-05-01T00:00:00.000Z', to: '2026-05-01T22:00:00.000Z', limit: 20 });
  });
  it.each([
    [{}, 'workspace'],
    [{ workspace: 'personal', status: 'lost' }, 'status'],
    [{ workspace: 'personal', trigger: 'telepathy' }, 'trigger'],
    [{ workspace: 'personal', from: 'last week' }, 'from'],
    [{ workspace: 'personal', limit: String(EXECUTIONS_LIMITS.maxPageSize + 1) }, 'limit'],
    [{ workspace: 'personal', limit: '0' }, 'limit'],
    [{ workspace: 'personal', cursor: 'forged' }, 'cursor'],
    [{ workspace: 'personal', from: '2026-05-02', to: '2026-05-01' }, 'to'],
    [{ workspace: 'a/b' }, 'workspace'],
  ])('refuses %p naming %s', (query, field) => {
    const result = executionsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssue(result.error)).toMatch(new RegExp(`^${field} `));
  });
});

describe('rerunRequestSchema', () => {
  it('takes 1 to 50 run ids', () => {
    expect(rerunRequestSchema.safeParse({ runIds: ['a'] }).success).toBe(true);
    expect(rerunRequestSchema.safeParse({ runIds: [] }).success).toBe(false);
    expect(rerunRequestSchema.safeParse({ runIds: Array.from({ length: EXECUTIONS_LIMITS.maxRerunRuns + 1 }, (_, i) => `r${i}`) }).success).toBe(false);
    expect(rerunRequestSchema.safeParse({ runIds: ['a'], extra: 1 }).success).toBe(false);
  });
});

describe('executionsSearch', () => {
  it('writes only the filters that are set', () => {
    expect(executionsSearch({ workspace: 'org 1', status: 'failed' }, { cursor: '2026-05-01T09:00:00Z|r1', limit: 20 })).toBe(
      'workspace=org%201&status=failed&cursor=2026-05-01T09%3A00%3A00Z%7Cr1&limit=20',
    );
  });
});
