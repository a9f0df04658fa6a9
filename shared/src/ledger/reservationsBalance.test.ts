// Every other balance change stays exact while a token block is outstanding
// (against the Firestore emulator): a top-up, a refund of a run's start, a
// plan change with its allowance top-up, and the monthly reset. Each ends
// with the balance the same changes give without blocks.
import { FREE_TOKENS_PER_MONTH } from '../domain/membership/model';
import { credit, prepareMembershipUpdate, readMembership } from './ledger';
import { runStartChargeKey, runStartRefundKey } from './ledgerKeys';
import { TokenBlocks } from './tokenBlocks';
import { eventually, reservationsFixture } from '../../testing/reservationsFixture';

const fixture = reservationsFixture('demo-agentflow-reservations-balance');
const FAR = new Date(Date.now() + 20 * 24 * 3600_000);

async function withBlock(uid: string, spends: string[], blocks = new TokenBlocks(fixture.db(), { instanceId: 'holder' })) {
  for (const key of spends) await blocks.spend({ uid, feature: 'workflow_run', amount: 1, idempotencyKey: key });
  expect(blocks.heldFor(uid)).toBeGreaterThan(0);
  return blocks;
}

it('a top-up while a block is held adds exactly its tokens', async () => {
  const uid = fixture.newUid('topup');
  await fixture.seed(uid, { tokensRemaining: 100, tokensReset: FAR });
  const blocks = await withBlock(uid, ['run:1']);
  await credit(fixture.db(), { uid, amount: 50, reason: 'purchase', idempotencyKey: 'purchase:1' });
  await blocks.spend({ uid, feature: 'workflow_run', amount: 1, idempotencyKey: 'run:2' });
  // The holder returns its rest within the flush interval; the shown balance then is exact.
  const accounts = await eventually(() => fixture.accounts(uid), (value) => value.balance === 148);
  expect(accounts.balance).toBe(148);
  expect(accounts.used).toBe(2 - 50);
  await blocks.stop();
});

it("a run's start refunded while its block is held gives back exactly the start", async () => {
  const uid = fixture.newUid('refund');
  await fixture.seed(uid, { tokensRemaining: 100, tokensReset: FAR });
  const blocks = await withBlock(uid, [runStartChargeKey('r1'), runStartChargeKey('r2')]);
  await credit(fixture.db(), { uid, amount: 1, reason: 'refund', idempotencyKey: runStartRefundKey('r1') });
  await credit(fixture.db(), { uid, amount: 1, reason: 'refund', idempotencyKey: runStartRefundKey('r1') });
  await blocks.stop();
  expect((await fixture.accounts(uid)).balance).toBe(99);
});

it("a plan change while a block is held tops up exactly the new plan's allowance", async () => {
  const uid = fixture.newUid('upgrade');
  await fixture.seed(uid, { tokensRemaining: 100, tokensReset: FAR, allowanceGranted: 100 });
  const blocks = await withBlock(uid, ['run:1', 'run:2']);
  const db = fixture.db();
  await db.runTransaction(async (tx) => {
    const update = await prepareMembershipUpdate(db, tx, uid, new Date());
    update.commit({ role: 'premium', planAllowance: 500 });
  });
  await blocks.spend({ uid, feature: 'workflow_run', amount: 1, idempotencyKey: 'run:3' });
  await blocks.stop();
  const membership = await readMembership(db, uid);
  expect(membership.role).toBe('premium');
  expect(membership.tokensRemaining).toBe(100 - 3 + 400);
});

it('the monthly reset with a block held: the old month lapses, the new month is charged from a new block', async () => {
  const uid = fixture.newUid('reset');
  const start = new Date('2026-05-01T00:00:00.000Z');
  let clock = start;
  await fixture.seed(uid, { tokensRemaining: 40, tokensReset: new Date(start.getTime() + 3600_000) });
  const blocks = await withBlock(uid, ['run:1', 'run:2', 'run:3'], new TokenBlocks(fixture.db(), { instanceId: 'reset', now: () => clock }));
  expect((await fixture.accounts(uid)).balance).toBe(30);
  // Past the reset: the free allowance replaces the balance (the old month's unspent tokens lapse, as without blocks).
  clock = new Date(start.getTime() + 2 * 3600_000);
  await blocks.spend({ uid, feature: 'workflow_run', amount: 1, idempotencyKey: 'run:4' });
  await blocks.stop();
  const accounts = await fixture.accounts(uid);
  expect(accounts.balance).toBe(FREE_TOKENS_PER_MONTH - 1);
  expect(accounts.used).toBe(4);
  const [oldBlock, newBlock] = [...accounts.blocks].sort((a, b) => (a.spent ?? 0) - (b.spent ?? 0)).reverse();
  expect(oldBlock).toEqual(expect.objectContaining({ status: 'settled', reserved: 10, spent: 3, returned: 0 }));
  expect(newBlock).toEqual(expect.objectContaining({ status: 'settled', spent: 1, returned: newBlock!.reserved - 1 }));
});
