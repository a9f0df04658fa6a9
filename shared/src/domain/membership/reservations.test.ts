import {
  MAX_RESERVATION_BLOCK,
  MIN_RESERVATION_BLOCK,
  RESERVATION_FLUSH_INTERVAL_MS,
  RESERVATION_HORIZON_MS,
  RESERVATION_SPEND_MARGIN_MS,
  RESERVATION_TTL_MS,
  blockNeedsExtension,
  canSpendFromBlock,
  reservationBlockSize,
  unspentToReturn,
} from './reservations';

describe('reservationBlockSize', () => {
  it('starts at the smallest block when the rate is unknown', () => {
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 0, available: 10_000 })).toBe(MIN_RESERVATION_BLOCK);
  });

  it('grows with the spend rate, to last the horizon, up to the cap', () => {
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 40, available: 100_000 })).toBe((40 * RESERVATION_HORIZON_MS) / 1000);
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 1e6, available: 1e9 })).toBe(MAX_RESERVATION_BLOCK);
  });

  it('doubles the previous block during a burst whose rate is not measured yet', () => {
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 0, available: 100_000, previousBlock: 10 })).toBe(20);
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 0, available: 100_000, previousBlock: 800 })).toBe(MAX_RESERVATION_BLOCK);
  });

  it('takes at most half the balance, unless the spend needs more', () => {
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 100, available: 30 })).toBe(15);
    expect(reservationBlockSize({ needed: 20, spendPerSecond: 0, available: 30 })).toBe(20);
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 0, available: 1 })).toBe(1);
  });

  it('never more than the balance: 0 when the balance cannot cover the spend', () => {
    expect(reservationBlockSize({ needed: 5, spendPerSecond: 0, available: 4 })).toBe(0);
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 0, available: 0 })).toBe(0);
    expect(reservationBlockSize({ needed: 1, spendPerSecond: 0, available: -3 })).toBe(0);
    for (const available of [1, 2, 7, 19, 20, 21, 999, 5000]) {
      for (const needed of [1, 3, 50]) {
        for (const spendPerSecond of [0, 1, 33, 1e5, Number.NaN]) {
          const block = reservationBlockSize({ needed, spendPerSecond, available });
          expect(block).toBeLessThanOrEqual(available);
          expect(block === 0 || block >= needed).toBe(true);
          expect(block === 0).toBe(available < needed);
        }
      }
    }
  });

  it('refuses malformed needs', () => {
    expect(reservationBlockSize({ needed: 0, spendPerSecond: 0, available: 100 })).toBe(0);
    expect(reservationBlockSize({ needed: 1.5, spendPerSecond: 0, available: 100 })).toBe(0);
  });
});

describe('block windows', () => {
  const at = new Date('2026-03-01T00:00:00.000Z');
  const later = (ms: number) => new Date(at.getTime() + ms);

  it('spends only before the spend margin and within the allowance month', () => {
    const block = { expiresAt: later(RESERVATION_TTL_MS), monthEnd: later(60 * 60_000) };
    expect(canSpendFromBlock(block, at)).toBe(true);
    expect(canSpendFromBlock(block, later(RESERVATION_TTL_MS - RESERVATION_SPEND_MARGIN_MS - 1))).toBe(true);
    expect(canSpendFromBlock(block, later(RESERVATION_TTL_MS - RESERVATION_SPEND_MARGIN_MS))).toBe(false);
    expect(canSpendFromBlock({ expiresAt: later(RESERVATION_TTL_MS), monthEnd: later(5) }, later(5))).toBe(false);
  });

  it('extends a lease with less than half its life left', () => {
    expect(blockNeedsExtension({ expiresAt: later(RESERVATION_TTL_MS) }, at)).toBe(false);
    expect(blockNeedsExtension({ expiresAt: later(RESERVATION_TTL_MS / 2 - 1) }, at)).toBe(true);
  });

  it('keeps the promised lag: a flush interval of at most 1 s, well inside the spend margin', () => {
    expect(RESERVATION_FLUSH_INTERVAL_MS).toBeLessThanOrEqual(1000);
    expect(RESERVATION_SPEND_MARGIN_MS).toBeLessThan(RESERVATION_TTL_MS / 2);
  });
});

describe('unspentToReturn', () => {
  it('returns the unspent rest within the month, nothing after it ended', () => {
    expect(unspentToReturn({ reserved: 10, spent: 3, sameMonth: true })).toBe(7);
    expect(unspentToReturn({ reserved: 10, spent: 10, sameMonth: true })).toBe(0);
    expect(unspentToReturn({ reserved: 10, spent: 3, sameMonth: false })).toBe(0);
  });

  it('throws when a block was overspent (the invariant would break)', () => {
    expect(() => unspentToReturn({ reserved: 10, spent: 11, sameMonth: true })).toThrow('overspent: 11 spent of 10 reserved');
  });
});
