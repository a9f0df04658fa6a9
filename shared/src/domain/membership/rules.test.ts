import { FEATURE_COSTS, BROWSER_FEATURES, isMeteredFeature } from './features';
import { FREE_TOKENS_PER_MONTH, TOKEN_PERIOD_MS } from './model';
import { allowanceTopUp, grantedAfter, hasMembershipRole, hasTokens, initialMembershipTokens, isPackageEligible, meetsSimpleRole, newAllowanceMonth, nextResetAfter, summaryResetDate, usedTokens } from './rules';

describe('hasMembershipRole (free 0, basic 1, premium 2, enterprise 3, admin 4)', () => {
  test.each([
    ['free', 'free', true],
    ['free', 'basic', false],
    ['basic', 'free', true],
    ['premium', 'basic', true],
    ['premium', 'enterprise', false],
    ['enterprise', 'premium', true],
    ['enterprise', 'admin', false],
    ['admin', 'enterprise', true],
    ['free', 'unknown', true], // an unknown asked role counts as -1
    ['admin', 'b2b_admin', true],
  ])('%s has %s: %p', (role, asked, expected) => {
    expect(hasMembershipRole({ role: role as 'free' }, asked)).toBe(expected);
  });

  test('no membership is false', () => {
    expect(hasMembershipRole(null, 'free')).toBe(false);
    expect(hasMembershipRole(undefined, 'unknown')).toBe(false);
  });
});

describe('meetsSimpleRole (free 0, basic 1, premium 2, admin 3)', () => {
  test.each([
    ['free', 'free', true],
    ['basic', 'premium', false],
    ['premium', 'basic', true],
    ['admin', 'premium', true],
    ['premium', 'admin', false],
    ['enterprise', 'free', false], // not on this scale: -1
    [null, 'free', false],
  ])('%p meets %s: %p', (role, asked, expected) => {
    expect(meetsSimpleRole(role, asked)).toBe(expected);
  });
});

describe('isPackageEligible (free 0, basic 1, b2c_user 1, premium 2, admin 3, b2b_admin 3, enterprise 4)', () => {
  test.each([
    [{ role: 'basic', requiredRole: 'free' }, 'free', true],
    [{ role: 'free', requiredRole: 'free' }, 'basic', false], // below the user's rank
    [{ role: 'premium', requiredRole: 'basic' }, 'b2c_user', true],
    [{ role: 'premium', requiredRole: 'premium' }, 'basic', false], // requires more than the user has
    [{ role: 'enterprise', requiredRole: 'b2b_admin' }, 'admin', true],
    [{ role: 'enterprise', requiredRole: 'free' }, 'enterprise', true],
    [{ role: 'admin', requiredRole: 'free' }, 'enterprise', false],
    [{ role: 'basic', requiredRole: 'free' }, 'stranger', false], // unknown user role -1: even free is above it
    [{ role: 'mystery', requiredRole: 'free' }, 'free', false],
  ])('%p for %s: %p', (pkg, role, expected) => {
    expect(isPackageEligible(pkg, role)).toBe(expected);
  });
});

describe('token math', () => {
  test.each([
    [{ tokensRemaining: 5 }, 5, true],
    [{ tokensRemaining: 5 }, 6, false],
    [{ tokensRemaining: 0 }, 0, true],
    [null, 0, false],
  ])('hasTokens(%p, %i) is %p', (membership, amount, expected) => {
    expect(hasTokens(membership, amount)).toBe(expected);
  });

  test.each([
    [10, 10, 0],
    [10, 3, 7],
    [100, 0, 100],
    [10, 25, 0], // credits above the allowance never make usage negative
  ])('usedTokens(%i, %i) is %i', (allowance, remaining, used) => {
    expect(usedTokens(allowance, remaining)).toBe(used);
  });

  test('summaryResetDate is the ledger’s next refill: tokensReset itself', () => {
    expect(summaryResetDate(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  test.each([
    // granted this month, plan allowance, top-up
    [10, 1000, 990], // free → premium
    [1000, 1000, 0], // the same plan again, a billing-cycle switch, a renewal within the month
    [1000, 100, 0], // a downgrade
    [1000, 10000, 9000], // an upgrade: the difference only
    [10000, 1000, 0], // back down, then
    [0, 0, 0],
    [Number.NaN, 50, 50],
    [5, -3, 0],
  ])('allowanceTopUp(%p, %p) is %p', (granted, allowance, topUp) => {
    expect(allowanceTopUp(granted, allowance)).toBe(topUp);
  });

  test('over any sequence of plans within a month, the grants add up to the highest allowance held', () => {
    const sequences = [
      [1000, 100, 1000, 10000, 1000],
      [100, 1000, 100, 1000, 100],
      [1000, 1000, 1000, 1000],
      [10000, 10, 10000],
    ];
    for (const sequence of sequences) {
      const month = newAllowanceMonth(10);
      let granted = month.granted;
      let total = month.granted;
      for (const allowance of sequence) {
        total += allowanceTopUp(granted, allowance);
        granted = grantedAfter(granted, allowance);
      }
      expect(total).toBe(Math.max(10, ...sequence));
    }
  });

  test.each([
    [0, -1, null],
    [0, 0, 1],
    [0, TOKEN_PERIOD_MS - 1, 1],
    [0, TOKEN_PERIOD_MS, 2],
    [0, 5 * TOKEN_PERIOD_MS + 7, 6],
  ])('nextResetAfter(reset %i, now %i) moves %p whole periods', (reset, now, periods) => {
    const result = nextResetAfter(new Date(reset), new Date(now));
    expect(result === null ? null : (result.getTime() - reset) / TOKEN_PERIOD_MS).toBe(periods);
  });

  test.each([
    ['free', FREE_TOKENS_PER_MONTH],
    ['basic', 0],
    ['enterprise', 0],
  ])('initialMembershipTokens(%s) gives %i, resetting in 30 days', (role, tokens) => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(initialMembershipTokens(role, now)).toEqual({ tokensRemaining: tokens, tokensReset: new Date(now.getTime() + TOKEN_PERIOD_MS) });
  });
});

describe('features', () => {
  test('browser features are metered and have fixed costs', () => {
    for (const feature of BROWSER_FEATURES) {
      expect(isMeteredFeature(feature)).toBe(true);
      expect(typeof FEATURE_COSTS[feature]).toBe('number');
    }
    expect(isMeteredFeature('toString')).toBe(false);
    expect(isMeteredFeature('__proto__')).toBe(false);
  });
});
