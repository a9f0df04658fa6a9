import { CODE_LIMITS, DEFAULT_CODE } from './codeStep.js';
import { defaultParams, parseNodeParams } from './params.js';

describe('code step params', () => {
  it('starts valid, with the default limits', () => {
    const params = defaultParams('code');
    expect(params).toEqual({ code: DEFAULT_CODE, timeoutMs: CODE_LIMITS.defaultTimeoutMs, memoryMb: CODE_LIMITS.defaultMemoryMb });
    expect(parseNodeParams('code', params).success).toBe(true);
  });

  it('fills in the time and memory limits when absent', () => {
    const parsed = parseNodeParams('code', { code: 'return 1' });
    expect(parsed.success && parsed.data).toEqual({ code: 'return 1', timeoutMs: 2000, memoryMb: 32 });
  });

  it.each([
    ['an empty code', { code: '' }, 'code', 'is required'],
    ['code over the length limit', { code: 'x'.repeat(CODE_LIMITS.maxCodeLength + 1) }, 'code', 'at most 20000'],
    ['a time limit under 100 ms', { code: 'return 1', timeoutMs: 99 }, 'timeoutMs', 'at least 100'],
    ['a time limit over 10 s', { code: 'return 1', timeoutMs: 10_001 }, 'timeoutMs', 'at most 10000'],
    ['a fractional time limit', { code: 'return 1', timeoutMs: 1.5 }, 'timeoutMs', 'whole number'],
    ['a memory limit under 8 MB', { code: 'return 1', memoryMb: 7 }, 'memoryMb', 'at least 8'],
    ['a memory limit over 128 MB', { code: 'return 1', memoryMb: 129 }, 'memoryMb', 'at most 128'],
    ['an unknown param', { code: 'return 1', require: 'fs' }, '', 'require'],
  ])('refuses %s', (_label, params, path, message) => {
    const parsed = parseNodeParams('code', params);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path.join('.')).toBe(path);
    expect(`${issue.message} ${JSON.stringify(issue)}`).toContain(message);
  });
});
