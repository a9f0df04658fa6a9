// The Slack declaration's param and output schemas: what a step's form, the
// design-time check and an agent's tool call accept, and the messages that
// name the field that is wrong.
import { z } from 'zod';
import { connectorOperationOf } from '../declaration.js';
import { connectorOf } from '../registry.js';
import { slack } from './declaration.js';

const op = (id: string) => connectorOperationOf(slack, id)!;
/** The first problem as the runtime words it: "<path> <message>". */
const problem = (id: string, values: unknown) => {
  const result = op(id).params.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')} ${issue.message}`;
};

it('is registered with its brand, category and credential type', () => {
  expect(connectorOf('slack')).toBe(slack);
  expect(slack).toMatchObject({ name: 'Slack', category: 'chat', icon: { color: '#4A154B' }, credentialTypes: ['slackBot'], baseUrl: 'https://slack.com/api' });
  expect(slack.operations.map((o) => [o.id, o.mutates])).toEqual([
    ['postMessage', true],
    ['postMessageWithButtons', true],
    ['lookupUserByEmail', false],
  ]);
});

describe('postMessage params', () => {
  it('accepts a channel and a text, with an optional thread timestamp', () => {
    expect(op('postMessage').params.parse({ channel: ' #sales ', text: 'Hi *team*' })).toEqual({ channel: '#sales', text: 'Hi *team*' });
    expect(problem('postMessage', { channel: 'C0123', text: 'Hi', threadTs: '1503435956.000247' })).toBeNull();
  });

  it('names the missing or wrong field', () => {
    expect(problem('postMessage', { text: 'Hi' })).toBe('channel is required');
    expect(problem('postMessage', { channel: '#sales', text: '' })).toBe('text is required');
    expect(problem('postMessage', { channel: '#sales', text: 42 })).toBe('text must be text');
    expect(problem('postMessage', { channel: '#sales', text: 'x'.repeat(40_001) })).toBe('text must be at most 40000 characters');
    expect(problem('postMessage', { channel: '#sales', text: 'Hi', threadTs: 'yesterday' })).toBe('threadTs must be a message timestamp such as 1503435956.000247');
  });

  it('refuses fields it does not know', () => {
    expect(problem('postMessage', { channel: '#sales', text: 'Hi', username: 'bot' })).toMatch(/^ Unrecognized key: "username"/);
  });
});

describe('postMessageWithButtons params', () => {
  const valid = { channel: '#sales', text: 'Approve?', buttons: { Approve: 'https://app.example.com/a', Reject: 'http://app.example.com/r' } };

  it('accepts labels with web addresses', () => {
    expect(op('postMessageWithButtons').params.parse(valid)).toEqual(valid);
  });

  it('names the button whose address is not a web address', () => {
    expect(problem('postMessageWithButtons', { ...valid, buttons: { Approve: 'https://ok.example.com', Reject: 'javascript:alert(1)' } })).toBe('buttons.Reject must be a web address such as https://example.com/approve');
    expect(problem('postMessageWithButtons', { ...valid, buttons: { Approve: 42 } })).toBe('buttons.Approve must be a web address such as https://example.com/approve');
  });

  it('limits the number of buttons, their labels and the text to what Slack takes', () => {
    expect(problem('postMessageWithButtons', { ...valid, buttons: {} })).toBe('buttons must have at least one button');
    const many = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`B${i}`, 'https://example.com']));
    expect(problem('postMessageWithButtons', { ...valid, buttons: many })).toBe('buttons must have at most 25 buttons');
    expect(problem('postMessageWithButtons', { ...valid, buttons: { ['L'.repeat(76)]: 'https://example.com' } })).toBe(`buttons.${'L'.repeat(76)} label must be at most 75 characters`);
    expect(problem('postMessageWithButtons', { ...valid, text: 'x'.repeat(3001) })).toBe('text must be at most 3000 characters');
    expect(problem('postMessageWithButtons', { channel: '#sales', text: 'Approve?' })).toBe('buttons must be named values');
  });
});

describe('lookupUserByEmail params', () => {
  it('takes an e-mail address and names a wrong one', () => {
    expect(op('lookupUserByEmail').params.parse({ email: ' ana@example.com ' })).toEqual({ email: 'ana@example.com' });
    expect(problem('lookupUserByEmail', { email: 'ana' })).toBe('email must be an e-mail address');
    expect(problem('lookupUserByEmail', {})).toBe('email is required');
  });
});

describe('outputs', () => {
  it('describe a posted message and a user, keeping fields Slack adds', () => {
    expect(op('postMessage').output.parse({ channel: 'C1', ts: '1.000001', text: 'Hi', extra: 1 })).toEqual({ channel: 'C1', ts: '1.000001', text: 'Hi', extra: 1 });
    expect(op('postMessageWithButtons').output.safeParse({ channel: 'C1', text: 'Hi' }).success).toBe(false);
    expect(op('lookupUserByEmail').output.safeParse({ id: 'U1', name: 'ana', realName: 'Ana', email: 'ana@example.com' }).success).toBe(true);
    expect(op('lookupUserByEmail').output.safeParse({ id: 'U1', name: 'ana' }).success).toBe(false);
  });
});

it('describes every operation to agents as a JSON Schema in which every field has a description', () => {
  const undescribed = slack.operations.flatMap((operation) => {
    const schema = z.toJSONSchema(operation.params) as { properties: Record<string, { description?: string }> };
    return Object.entries(schema.properties)
      .filter(([, property]) => (property.description ?? '').length < 10)
      .map(([key]) => `${operation.id}.${key}`);
  });
  expect(undescribed).toEqual([]);
});
