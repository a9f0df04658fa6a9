// The runs' meter against the Firestore emulator: run starts and model calls
// are charged from token blocks (entries name their block; the owner's
// membership is written per block, not per run), refunds and repeats stay
// exact, and stop() gives the unspent rest back.
import { InsufficientTokensError } from '@agentflow/shared/server';
import { reservationsFixture } from '@agentflow/shared/testing/reservationsFixture';
import { LedgerMeter } from './ledgerMeter';

const fixture = reservationsFixture('demo-agentflow-ledger-meter');
const FAR = new Date(Date.now() + 20 * 24 * 3600_000);
const workflow = { id: 'wf-1', name: 'Orders' };

it('charges 60 concurrent run starts and their model calls from a few blocks, exactly once each', async () => {
  const uid = fixture.newUid('owner');
  await fixture.seed(uid, { tokensRemaining: 1000, tokensReset: FAR });
  const meter = new LedgerMeter(fixture.db(), { instanceId: 'meter-test' });
  const runs = Array.from({ length: 60 }, (_, index) => ({ runId: `run${index}`, ownerId: uid, workflow }));
  await Promise.all(runs.map((run) => meter.chargeRunStart(run, 1)));
  // A start reported again (a retried request) is charged once; a model call twice is charged once.
  await meter.chargeRunStart(runs[0]!, 1);
  expect(await meter.chargeModelCall({ ...runs[1]!, attempt: 1, callKey: 'agent:call:1', tokens: 7 })).toBe(true);
  expect(await meter.chargeModelCall({ ...runs[1]!, attempt: 1, callKey: 'agent:call:1', tokens: 7 })).toBe(false);
  // The run could not be stored: its start goes back (directly, once).
  await meter.refundRunStart(runs[2]!, 1);
  await meter.refundRunStart(runs[2]!, 1);
  await meter.stop();
  const accounts = await fixture.accounts(uid);
  expect(accounts.balance).toBe(1000 - 60 - 7 + 1);
  expect(accounts.used).toBe(60 + 7 - 1);
  const charges = accounts.entries.filter((entry) => entry.tokensUsed > 0);
  expect(charges).toHaveLength(61);
  expect(charges.every((entry) => typeof entry.reservationId === 'string')).toBe(true);
  expect(accounts.blocks.length).toBeLessThan(10);
  expect(accounts.blocks.every((block) => block.status === 'settled')).toBe(true);
});

it('refuses a start the owner cannot pay, with every block returned first', async () => {
  const uid = fixture.newUid('broke');
  await fixture.seed(uid, { tokensRemaining: 3, tokensReset: FAR });
  const meter = new LedgerMeter(fixture.db(), { instanceId: 'meter-broke' });
  for (const index of [0, 1, 2]) await meter.chargeRunStart({ runId: `paid${index}`, ownerId: uid }, 1);
  await expect(meter.chargeRunStart({ runId: 'unpaid', ownerId: uid }, 1)).rejects.toBeInstanceOf(InsufficientTokensError);
  await meter.stop();
  const accounts = await fixture.accounts(uid);
  expect(accounts.balance).toBe(0);
  expect(accounts.used).toBe(3);
});
