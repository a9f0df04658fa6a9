// The ledger's idempotency keys for runs (ledgerKeys.ts): accepted by the
// ledger, distinct for distinct parts, stable for the same ones.
import { IDEMPOTENCY_KEY_PATTERN } from './ledgerTypes';
import { ledgerKey, modelCallChargeKey, runStartChargeKey, runStartRefundKey } from './ledgerKeys';

describe('ledger keys', () => {
  it('builds ledger keys the ledger accepts, hashing long or odd ids', () => {
    expect(ledgerKey('run', 'abc', '1', 'supervisor:call:1')).toBe('run:abc:1:supervisor:call:1');
    expect(ledgerKey('run', 'abc', '1', 'sup/researcher#2:call:1')).toBe('run:abc:1:sup_2fresearcher_232:call:1');
    const long = ledgerKey('run', 'r'.repeat(30), '2', `${'x'.repeat(120)}:call:1`);
    expect(long).toMatch(/^[A-Za-z0-9_.:-]{1,128}$/);
    expect(long).not.toBe(ledgerKey('run', 'r'.repeat(30), '2', `${'x'.repeat(120)}:call:2`));
  });

  it('gives distinct ledger keys to a child step and a node whose id spells it with "_"', () => {
    // Delegated call 'spec#1' of 'sup' versus a node named 'sup_spec_1' (node ids may hold '_').
    const child = ledgerKey('run', 'abc', '1', 'sup/spec#1:call:1');
    const node = ledgerKey('run', 'abc', '1', 'sup_spec_1:call:1');
    expect(child).not.toBe(node);
    for (const key of [child, node]) expect(key).toMatch(/^[A-Za-z0-9_.:-]{1,128}$/);
    // Stable across retries of the same call.
    expect(ledgerKey('run', 'abc', '1', 'sup/spec#1:call:1')).toBe(child);
    // Parts do not run into each other, and hashed keys never equal short ones.
    expect(ledgerKey('run', 'a:b', '1', 'c')).not.toBe(ledgerKey('run', 'a', 'b:1', 'c'));
    const long = `${'n'.repeat(120)}/x#1:call:1`;
    expect(ledgerKey('run', 'abc', '1', long)).toMatch(/^run:_h[0-9a-f]{64}$/);
    expect(ledgerKey('run', 'abc', '1', long)).toBe(ledgerKey('run', 'abc', '1', long));
    expect(ledgerKey('run', 'abc', '1', long)).not.toBe(ledgerKey('run', 'abc', '1', `${'n'.repeat(120)}_x_1:call:1`));
  });

  it('keeps the keys runs were charged under before the builders moved here', () => {
    // Keys already in tokenUsage: a re-executed run must find its earlier charges under the same key.
    expect(runStartChargeKey('Ab3xYz')).toBe('run:Ab3xYz:start');
    expect(runStartRefundKey('Ab3xYz')).toBe('run:Ab3xYz:start:refund');
    expect(modelCallChargeKey('Ab3xYz', 2, 'sup/spec#1:call:3')).toBe(ledgerKey('run', 'Ab3xYz', '2', 'sup/spec#1:call:3'));
    for (const key of [runStartChargeKey('Ab3xYz'), runStartRefundKey('Ab3xYz'), modelCallChargeKey('Ab3xYz', 2, 'x'.repeat(300))]) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});
