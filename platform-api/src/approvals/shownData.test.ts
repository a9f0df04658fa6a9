import { shownData } from './requests';

describe('what an approval step shows its approver', () => {
  it('shows the run input once, under input, not again under trigger or the trigger node', () => {
    const input = { amount: 1200, customer: 'ACME' };
    expect(shownData({ input, trigger: input, manual_1: { ...input }, quote: { total: 1300 } })).toEqual({ input, quote: { total: 1300 } });
  });

  it('leaves out empty objects and lists, so a run without data shows none', () => {
    expect(shownData({ input: {}, trigger: {}, manual_1: {}, lines: [] })).toEqual({});
    expect(shownData({ input: {}, trigger: {}, approved: false, note: '' })).toEqual({ approved: false, note: '' });
  });

  it('keeps a step output that differs from the input even when the input is empty', () => {
    expect(shownData({ input: {}, trigger: {}, lookup: { found: 0 } })).toEqual({ lookup: { found: 0 } });
  });
});
