// The run-input schema the runs API and the run form share.
import { RUN_LIMITS } from './runs';
import { RUN_INPUT_MESSAGES, runInputSchema } from './runInput';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('runInputSchema', () => {
  it('makes the input schema of a manual trigger', () => {
    const schema = runInputSchema([
      { key: 'name', type: 'string', required: true },
      { key: 'count', type: 'number', required: false },
    ]);
    expect(schema.parse({ name: 'x', count: '4' })).toEqual({ name: 'x', count: 4 });
    expect(schema.parse({ name: 'x', count: '' })).toEqual({ name: 'x' });
    expect(schema.safeParse({ name: '' }).success).toBe(false);
  });

  const fields = [
    { key: 'name', type: 'string', required: true },
    { key: 'notes', type: 'text', required: false },
    { key: 'amount', type: 'number', required: false },
    { key: 'urgent', type: 'boolean', required: false },
    { key: 'agreed', type: 'boolean', required: true },
  ] as const;
  const schema = runInputSchema(fields);

  it('trims strings, keeps long text as typed, parses numbers and leaves blanks out', () => {
    const parsed = schema.parse({ name: ' Ada ', notes: 'Line 1\nLine 2 ', amount: ' 7.5 ', urgent: null, agreed: false });
    expect(parsed).toEqual({ name: 'Ada', notes: 'Line 1\nLine 2 ', amount: 7.5, agreed: false });
    expect(Object.keys(parsed)).toEqual(['name', 'notes', 'amount', 'agreed']);
    expect(schema.parse({ name: 'Ada', notes: '   ', amount: 3, agreed: true })).toEqual({ name: 'Ada', amount: 3, agreed: true });
  });

  it('names what is wrong with each field', () => {
    expect(messages(schema.safeParse({ name: '  ', amount: 'lots', urgent: 'yes' }))).toEqual({
      name: RUN_INPUT_MESSAGES.required,
      amount: RUN_INPUT_MESSAGES.number,
      urgent: RUN_INPUT_MESSAGES.boolean,
      agreed: RUN_INPUT_MESSAGES.required,
    });
    expect(messages(schema.safeParse({ name: 5, agreed: true, amount: Number.POSITIVE_INFINITY }))).toEqual({
      name: RUN_INPUT_MESSAGES.string,
      amount: RUN_INPUT_MESSAGES.number, // zod refuses Infinity as no number at all
    });
    expect(messages(schema.safeParse({ name: 'x'.repeat(RUN_LIMITS.maxInputBytes + 1), agreed: true }))).toEqual({ name: RUN_INPUT_MESSAGES.tooLong });
  });

  it('refuses unknown fields', () => {
    const result = schema.safeParse({ name: 'Ada', agreed: true, extra: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['extra'] });
  });
});
