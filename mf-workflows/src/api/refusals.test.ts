import { ApiError } from '@agentflow/shared';
import type { WorkflowRunSummary } from '@agentflow/shared/workflow';
import { plansPath, refusalOfError, refusalOfRun } from './refusals';

describe('refusalOfError: a service refusal by its code', () => {
  test('no tokens left (402 insufficient_tokens), and a bare 402, mean the same', () => {
    expect(refusalOfError(new ApiError('Insufficient tokens', 402, 'insufficient_tokens'))).toEqual({ code: 'insufficient_tokens', trigger: null });
    expect(refusalOfError(new ApiError('HTTP 402', 402))).toEqual({ code: 'insufficient_tokens', trigger: null });
  });

  test('plan_required names the lowest plan with the feature the call needed', () => {
    const error = new ApiError('Webhook triggers are not included in your plan', 403, 'plan_required');
    expect(refusalOfError(error, { feature: 'webhookTriggers' })).toEqual({ code: 'plan_required', feature: 'webhookTriggers', plan: 'basic' });
    expect(refusalOfError(error)).toEqual({ code: 'plan_required', feature: null, plan: null });
  });

  test('plan_limit_reached names the plan allowing more than the role’s limit (unknown role: Free’s)', () => {
    const error = new ApiError('Your plan allows 3 saved credentials', 403, 'plan_limit_reached');
    expect(refusalOfError(error, { role: 'free' })).toEqual({ code: 'plan_limit_reached', plan: 'basic' });
    expect(refusalOfError(error, { role: 'basic' })).toEqual({ code: 'plan_limit_reached', plan: 'premium' });
    expect(refusalOfError(error, { role: 'premium' })).toEqual({ code: 'plan_limit_reached', plan: 'enterprise' });
    expect(refusalOfError(error, { role: null })).toEqual({ code: 'plan_limit_reached', plan: 'basic' });
    expect(refusalOfError(error, { role: 'enterprise' })).toEqual({ code: 'plan_limit_reached', plan: null });
  });

  test('credential_missing; anything else is not a refusal to explain', () => {
    expect(refusalOfError(new ApiError('no AI provider', 409, 'credential_missing'))).toEqual({ code: 'credential_missing' });
    expect(refusalOfError(new ApiError('Forbidden', 403))).toBeNull();
    expect(refusalOfError(new ApiError('gone', 404, 'credential_not_found'))).toBeNull();
    expect(refusalOfError(new Error('Insufficient tokens'))).toBeNull();
  });
});

describe('refusalOfRun: a run recorded as refused, by its errorCode and trigger', () => {
  const run = (overrides: Partial<WorkflowRunSummary>): Pick<WorkflowRunSummary, 'status' | 'errorCode' | 'trigger'> => ({
    status: 'refused',
    errorCode: null,
    trigger: { type: 'webhook', userId: null },
    ...overrides,
  });

  test('each refusal code', () => {
    expect(refusalOfRun(run({ errorCode: 'insufficient_tokens' }))).toEqual({ code: 'insufficient_tokens', trigger: 'webhook' });
    expect(refusalOfRun(run({ errorCode: 'plan_required' }))).toEqual({ code: 'plan_required', feature: 'webhookTriggers', plan: 'basic' });
    expect(refusalOfRun(run({ errorCode: 'plan_required', trigger: { type: 'schedule', userId: null } }))).toEqual({ code: 'plan_required', feature: 'scheduleTriggers', plan: 'basic' });
    // An app trigger polls on a schedule: the same plan feature.
    expect(refusalOfRun(run({ errorCode: 'plan_required', trigger: { type: 'poll', userId: null } as never }))).toEqual({ code: 'plan_required', feature: 'scheduleTriggers', plan: 'basic' });
    expect(refusalOfRun(run({ errorCode: 'credential_missing' }))).toEqual({ code: 'credential_missing' });
  });

  test('only a refused run with a known code; older runs without errorCode too', () => {
    expect(refusalOfRun(run({ errorCode: 'something_new' }))).toBeNull();
    expect(refusalOfRun(run({ errorCode: undefined }))).toBeNull();
    expect(refusalOfRun(run({ status: 'failed', errorCode: 'insufficient_tokens' }))).toBeNull();
  });
});

test('plansPath highlights the plan to name', () => {
  expect(plansPath()).toBe('/billing/plans');
  expect(plansPath('premium')).toBe('/billing/plans?plan=premium');
});
