import { FEATURE_COSTS } from './features';
import { FREE_TOKENS_PER_MONTH } from './model';
import { DEFAULT_MODEL_PRICE, platformTokensFor } from './pricing';
import {
  ENTITLEMENT_PLANS,
  PLAN_ENTITLEMENTS,
  credentialLimitRefusal,
  entitlementsFor,
  lowestPlanAllowingCredentials,
  lowestPlanWith,
  planRefusalMessage,
  triggerRefusal,
} from './entitlements';

// One agent step on the default model, as the README sizes the allowances: about 1,000 tokens in and 300 out.
const TYPICAL_STEP = platformTokensFor({ inputTokens: 1000, outputTokens: 300 }, 'platform-default-model');
const RUN_WITH_ONE_AGENT_STEP = TYPICAL_STEP + FEATURE_COSTS.workflow_run;

describe('the allowances fit real use (issue 16 item 3)', () => {
  test('a typical agent step on the default model costs a few tokens (3), a run with one 4', () => {
    expect(DEFAULT_MODEL_PRICE).toEqual({ input: 1, output: 4 });
    expect(TYPICAL_STEP).toBe(3);
    expect(RUN_WITH_ONE_AGENT_STEP).toBe(4);
  });

  test('Free covers a trial: tens of agent steps (at least 20 runs with one)', () => {
    expect(Math.floor(PLAN_ENTITLEMENTS.free.tokensPerMonth / RUN_WITH_ONE_AGENT_STEP)).toBeGreaterThanOrEqual(20);
    expect(Math.floor(PLAN_ENTITLEMENTS.free.tokensPerMonth / TYPICAL_STEP)).toBeLessThan(100);
    expect(FREE_TOKENS_PER_MONTH).toBe(PLAN_ENTITLEMENTS.free.tokensPerMonth);
  });

  test('Basic covers a small team’s month: at least 500 runs with one agent step', () => {
    expect(Math.floor(PLAN_ENTITLEMENTS.basic.tokensPerMonth / RUN_WITH_ONE_AGENT_STEP)).toBeGreaterThanOrEqual(500);
  });

  test('each plan allows more than the one below it, in tokens and credentials', () => {
    for (let i = 1; i < ENTITLEMENT_PLANS.length; i++) {
      const lower = PLAN_ENTITLEMENTS[ENTITLEMENT_PLANS[i - 1]!];
      const higher = PLAN_ENTITLEMENTS[ENTITLEMENT_PLANS[i]!];
      expect(higher.tokensPerMonth).toBeGreaterThan(lower.tokensPerMonth);
      expect(higher.maxCredentials === null || (lower.maxCredentials !== null && higher.maxCredentials > lower.maxCredentials)).toBe(true);
    }
  });
});

describe('entitlementsFor', () => {
  test.each([
    ['free', PLAN_ENTITLEMENTS.free],
    ['basic', PLAN_ENTITLEMENTS.basic],
    ['enterprise', PLAN_ENTITLEMENTS.enterprise],
    ['admin', PLAN_ENTITLEMENTS.enterprise],
    [undefined, PLAN_ENTITLEMENTS.free],
    ['toString', PLAN_ENTITLEMENTS.free],
    ['gold', PLAN_ENTITLEMENTS.free],
  ])('%s', (role, expected) => {
    expect(entitlementsFor(role)).toEqual(expected);
  });
});

describe('triggerRefusal', () => {
  test('Free is refused webhook and schedule runs, naming Basic as the plan that unlocks them', () => {
    expect(triggerRefusal('free', 'webhook')).toEqual({
      code: 'plan_required',
      plan: 'basic',
      feature: 'webhookTriggers',
      message: 'Webhook triggers are not included in your plan; upgrade to Basic to use them',
    });
    expect(triggerRefusal(undefined, 'schedule')).toMatchObject({ code: 'plan_required', plan: 'basic', feature: 'scheduleTriggers' });
  });

  test('an app poll trigger needs what a schedule needs', () => {
    expect(triggerRefusal('free', 'poll')).toMatchObject({ code: 'plan_required', plan: 'basic', feature: 'scheduleTriggers' });
    expect(triggerRefusal('basic', 'poll')).toBeNull();
  });

  test.each(['basic', 'premium', 'enterprise', 'admin'])('%s may use both', (role) => {
    expect(triggerRefusal(role, 'webhook')).toBeNull();
    expect(triggerRefusal(role, 'schedule')).toBeNull();
  });

  test.each(['manual', 'voice', 'rerun'])('a %s run is never refused by plan', (trigger) => {
    expect(triggerRefusal('free', trigger)).toBeNull();
  });
});

describe('credentialLimitRefusal', () => {
  test('Free may save 3 credentials; the 4th is refused naming Basic', () => {
    expect(credentialLimitRefusal('free', 2)).toBeNull();
    expect(credentialLimitRefusal('free', 3)).toEqual({
      code: 'plan_limit_reached',
      plan: 'basic',
      feature: 'credentials',
      message: 'Your plan allows 3 saved credentials; Basic allows more',
    });
  });

  test('Enterprise has no limit', () => {
    expect(credentialLimitRefusal('enterprise', 100_000)).toBeNull();
  });

  test('past Premium’s 100 the plan that allows more is Enterprise', () => {
    expect(credentialLimitRefusal('premium', 100)).toMatchObject({ plan: 'enterprise' });
    expect(lowestPlanAllowingCredentials(20)).toBe('premium');
  });
});

test('lowestPlanWith and the message without a plan to name', () => {
  expect(lowestPlanWith('scheduleTriggers')).toBe('basic');
  expect(planRefusalMessage('plan_required', { plan: null, feature: 'webhookTriggers' }, 'free')).toBe('Webhook triggers are not included in your plan');
});
