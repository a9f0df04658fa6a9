// Token blocks against the real Firestore emulator: reserve, spend, return;
// many concurrent spends over three instances; the expiry sweep; and an
// instance SIGKILLed while it holds a block. Every case ends with exact
// accounts: balance decrease == Σ usage entries, each key once, every block
// settled with returned == reserved − spent (the invariant in
// domain/membership/reservations.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { RESERVATION_TTL_MS } from '../domain/membership/reservations';
import { InsufficientTokensError } from './ledgerTypes';
import { readMembership } from './ledger';
import { readMembershipWithHeldTokens, reserveTokens, settleReservation, spendFromBlock, sweepExpiredReservations } from './reservations';
import { TokenBlocks } from './tokenBlocks';
import { eventually, reservationsFixture, type Accounts } from '../../testing/reservationsFixture';

const fixture = reservationsFixture('demo-agentflow-reservations');
const FAR = new Date(Date.now() + 20 * 24 * 3600_000);

/** Every block settled, and what each returned is exactly what it did not spend. */
function expectSettledExactly(accounts: Accounts) {
  for (const block of accounts.blocks) {
    expect(block.status).toBe('settled');
    const spent = accounts.entries.filter((entry) => entry.reservationId === block.id).reduce((sum, entry) => sum + entry.tokensUsed, 0);
    expect(block.spent).toBe(spent);
    expect(block.returned).toBe(block.reserved - spent);
  }
}

describe('TokenBlocks', () => {
  it('spends from a block, then returns the unspent rest within the flush interval', async () => {
    const uid = fixture.newUid();
    await fixture.seed(uid, { tokensRemaining: 100, tokensReset: FAR });
    const blocks = new TokenBlocks(fixture.db(), { instanceId: 'one' });
    for (const key of ['a', 'b', 'c']) expect(await blocks.spend({ uid, feature: 'workflow_run', amount: 1, idempotencyKey: `run:${key}` })).toEqual({ applied: true });
    // Held while busy: the balance shows the block taken out (10, the first block), not the 3 spent.
    expect((await fixture.accounts(uid)).balance).toBe(90);
    expect(blocks.heldFor(uid)).toBe(7);
    const settled = await eventually(() => fixture.accounts(uid), (accounts) => accounts.balance === 97);
    expect(settled.balance).toBe(97);
    expect(settled.entries.map((entry) => entry.idempotencyKey).sort()).toEqual(['run:a', 'run:b', 'run:c']);
    expect(settled.blocks).toEqual([expect.objectContaining({ status: 'settled', reserved: 10, spent: 3, returned: 7, settledBy: 'holder' })]);
    await blocks.stop();
  });

  it('charges a key once, whether spent again from a block or already debited', async () => {
    const uid = fixture.newUid();
    await fixture.seed(uid, { tokensRemaining: 100, tokensReset: FAR });
    const blocks = new TokenBlocks(fixture.db(), { instanceId: 'once' });
    const spend = () => blocks.spend({ uid, feature: 'workflow_run', amount: 2, idempotencyKey: 'run:same' });
    expect(await spend()).toEqual({ applied: true });
    expect(await spend()).toEqual({ applied: false });
    await expect(blocks.spend({ uid, feature: 'agent', amount: 2, idempotencyKey: 'run:same' })).rejects.toThrow("Idempotency key 'run:same' was already used");
    await blocks.stop();
    const accounts = await fixture.accounts(uid);
    expect(accounts.balance).toBe(98);
    expect(accounts.used).toBe(2);
    expectSettledExactly(accounts);
  });

  it('keeps exact totals under many concurrent spends from three instances, growing its blocks', async () => {
    const uid = fixture.newUid('hot');
    await fixture.seed(uid, { tokensRemaining: 1000, tokensReset: FAR });
    const instances = [0, 1, 2].map((index) => new TokenBlocks(fixture.instanceDb(index), { instanceId: `i${index}` }));
    const results = await Promise.all(
      Array.from({ length: 150 }, (_, index) => instances[index % 3]!.spend({ uid, feature: 'workflow_run', amount: 1, idempotencyKey: `run:${index % 120}` })),
    );
    // 120 keys, 30 of them spent twice (from any instance): each charged once.
    expect(results.filter((result) => result.applied)).toHaveLength(120);
    await Promise.all(instances.map((instance) => instance.stop()));
    const accounts = await fixture.accounts(uid);
    expect(accounts.balance).toBe(880);
    expect(accounts.entries).toHaveLength(120);
    expect(new Set(accounts.entries.map((entry) => entry.idempotencyKey)).size).toBe(120);
    expectSettledExactly(accounts);
    // Fewer transactions on the membership than spends: that is the point.
    expect(accounts.blocks.length).toBeLessThan(20);
  });

  it('never spends more than the balance: the rest are refused, nothing is overdrawn', async () => {
    const spendAll = async (uid: string, instances: TokenBlocks[]) => {
      const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, index) => instances[index % instances.length]!.spend({ uid, feature: 'workflow_run', amount: 1, idempotencyKey: `run:${index}` })));
      await Promise.all(instances.map((instance) => instance.stop()));
      for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(InsufficientTokensError);
      return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    };
    // One instance: refusals start only when every token is spent (its block's rest goes back before a direct debit).
    const alone = fixture.newUid('poor');
    await fixture.seed(alone, { tokensRemaining: 25, tokensReset: FAR });
    expect(await spendAll(alone, [new TokenBlocks(fixture.db(), { instanceId: 'p' })])).toBe(25);
    const aloneAccounts = await fixture.accounts(alone);
    expect(aloneAccounts.balance).toBe(0);
    expect(aloneAccounts.used).toBe(25);
    expectSettledExactly(aloneAccounts);
    // Two instances: one may be refused while the other still holds a token (returned within the flush
    // interval), but never is more spent than there was, and the accounts stay exact.
    const shared = fixture.newUid('poor2');
    await fixture.seed(shared, { tokensRemaining: 25, tokensReset: FAR });
    const applied = await spendAll(shared, [0, 1].map((index) => new TokenBlocks(fixture.instanceDb(index), { instanceId: `p${index}` })));
    expect(applied).toBeLessThanOrEqual(25);
    const accounts = await fixture.accounts(shared);
    expect(accounts.used).toBe(applied);
    expect(accounts.balance).toBe(25 - applied);
    expectSettledExactly(accounts);
  });
});

describe('the balance an owner is shown', () => {
  it('counts what open blocks hold unspent, exactly, before and after they settle', async () => {
    const uid = fixture.newUid('shown');
    await fixture.seed(uid, { tokensRemaining: 100, tokensReset: FAR });
    const db = fixture.db();
    const first = await reserveTokens(db, { uid, reservationId: `${uid}-a`, instanceId: 'a', needed: 1, spendPerSecond: 4, grow: false });
    const second = await reserveTokens(db, { uid, reservationId: `${uid}-b`, instanceId: 'b', needed: 1, spendPerSecond: 0, grow: false });
    expect([first?.granted, second?.granted]).toEqual([20, 10]);
    await spendFromBlock(db, { uid, reservationId: first!.id, feature: 'workflow_run', amount: 3, idempotencyKey: 'one', keySpace: 'server' });
    await spendFromBlock(db, { uid, reservationId: second!.id, feature: 'agent', amount: 2, idempotencyKey: 'two', keySpace: 'server' });
    // The stored balance lacks both blocks; the shown one lacks only the 5 spent.
    expect((await readMembership(db, uid)).tokensRemaining).toBe(70);
    expect((await readMembershipWithHeldTokens(db, uid)).tokensRemaining).toBe(95);
    await settleReservation(db, first!.id, { by: 'holder' });
    expect((await readMembership(db, uid)).tokensRemaining).toBe(87);
    expect((await readMembershipWithHeldTokens(db, uid)).tokensRemaining).toBe(95);
    await settleReservation(db, second!.id, { by: 'holder' });
    expect((await readMembership(db, uid)).tokensRemaining).toBe(95);
    expect((await readMembershipWithHeldTokens(db, uid)).tokensRemaining).toBe(95);
  });

  it('reads a block settled meanwhile once, never as held and returned at the same time', async () => {
    const uid = fixture.newUid('racing');
    await fixture.seed(uid, { tokensRemaining: 200, tokensReset: FAR });
    const db = fixture.db();
    const held = await reserveTokens(db, { uid, reservationId: `${uid}-block`, instanceId: 'r', needed: 1, spendPerSecond: 20, grow: false });
    await spendFromBlock(db, { uid, reservationId: held!.id, feature: 'workflow_run', amount: 4, idempotencyKey: 'r1', keySpace: 'server' });
    const reads = await Promise.all([
      ...Array.from({ length: 6 }, () => readMembershipWithHeldTokens(fixture.instanceDb(1), uid)),
      settleReservation(fixture.instanceDb(2), held!.id, { by: 'holder' }).then(() => null),
      ...Array.from({ length: 6 }, () => readMembershipWithHeldTokens(fixture.instanceDb(0), uid)),
    ]);
    for (const read of reads) if (read) expect(read.tokensRemaining).toBe(196);
  });
});

describe('the sweep', () => {
  it('settles an expired block once, returning exactly its unspent part; an open one it leaves', async () => {
    const uid = fixture.newUid('swept');
    await fixture.seed(uid, { tokensRemaining: 100, tokensReset: FAR });
    const held = await reserveTokens(fixture.db(), { uid, reservationId: `${uid}-block`, instanceId: 'gone', needed: 1, spendPerSecond: 20, grow: false });
    expect(held?.granted).toBe(50);
    for (const key of ['x', 'y']) await spendFromBlock(fixture.db(), { uid, reservationId: held!.id, feature: 'workflow_run', amount: 3, idempotencyKey: key, keySpace: 'server' });
    expect(await sweepExpiredReservations(fixture.db())).toBe(0);
    expect((await fixture.accounts(uid)).balance).toBe(50);
    const afterExpiry = new Date(held!.expiresAt.getTime() + 1);
    const sweeps = await Promise.all([0, 1, 2].map((index) => sweepExpiredReservations(fixture.instanceDb(index), { now: afterExpiry })));
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(1);
    const accounts = await fixture.accounts(uid);
    expect(accounts.balance).toBe(94);
    expect(accounts.blocks).toEqual([expect.objectContaining({ status: 'settled', reserved: 50, spent: 6, returned: 44, settledBy: 'sweep' })]);
    expect(await settleReservation(fixture.db(), held!.id, { by: 'holder' })).toBeNull();
  });

  it('returns exactly what a SIGKILLed instance held unspent: nothing lost, nothing minted', async () => {
    const uid = fixture.newUid('killed');
    await fixture.seed(uid, { tokensRemaining: 500, tokensReset: FAR });
    const child = spawn(process.execPath, [path.join(__dirname, '../../testing/holdTokens.child.cjs'), fixture.projectId, uid, '15'], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const ready = await new Promise<{ spent: number; held: number }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = /ready (\{.*\})\n/.exec(out);
        if (line) resolve(JSON.parse(line[1]!) as { spent: number; held: number });
      });
      child.once('exit', (code) => reject(new Error(`the instance exited (${code}) before holding tokens: ${errors}`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // It died holding tokens: its block is open with part of it unspent.
    expect(ready.held).toBeGreaterThan(0);
    const before = await fixture.accounts(uid);
    expect(before.blocks).toEqual([expect.objectContaining({ status: 'open' })]);
    const block = before.blocks[0]!;
    expect(before.entries.length).toBeGreaterThanOrEqual(15);
    expect(block.reserved).toBeGreaterThan(before.used);
    expect(before.balance).toBe(500 - block.reserved);
    // Not before it expires; then once.
    expect(await sweepExpiredReservations(fixture.db())).toBe(0);
    expect(await sweepExpiredReservations(fixture.db(), { now: new Date(Date.now() + RESERVATION_TTL_MS + 1000) })).toBe(1);
    const after = await fixture.accounts(uid);
    expect(after.used).toBe(before.used);
    expect(after.balance).toBe(500 - after.used);
    expect(new Set(after.entries.map((entry) => entry.idempotencyKey)).size).toBe(after.entries.length);
    expectSettledExactly(after);
    expect(after.blocks[0]).toEqual(expect.objectContaining({ settledBy: 'sweep', returned: block.reserved - before.used }));
  });
});
