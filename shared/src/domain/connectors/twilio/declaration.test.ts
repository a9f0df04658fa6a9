// The Twilio declaration's param and output schemas: international (E.164)
// phone numbers, with a message that says what is expected.
import { z } from 'zod';
import { connectorOperationOf } from '../declaration.js';
import { connectorOf } from '../registry.js';
import { twilio, TWILIO_MAX_BODY } from './declaration.js';

const op = (id: string) => connectorOperationOf(twilio, id)!;
const problem = (id: string, values: unknown) => {
  const result = op(id).params.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')} ${issue.message}`;
};
const NOT_E164 = 'to must be a phone number in international format: a plus, the country code and the number, e.g. +14155550100';

it('is registered as an SMS app with the twilio credential', () => {
  expect(connectorOf('twilio')).toBe(twilio);
  expect(twilio).toMatchObject({ name: 'Twilio', category: 'sms', icon: { color: '#F22F46' }, credentialTypes: ['twilio'], baseUrl: 'https://api.twilio.com' });
  expect(twilio.operations.map((o) => [o.id, o.mutates])).toEqual([
    ['sendSms', true],
    ['sendWhatsApp', true],
  ]);
});

describe.each(['sendSms', 'sendWhatsApp'])('%s params', (id) => {
  it('take an E.164 number, dropping the spaces, dashes, dots and brackets people type', () => {
    expect(op(id).params.parse({ to: '+14155550100', body: 'Hi' })).toEqual({ to: '+14155550100', body: 'Hi' });
    expect(op(id).params.parse({ to: ' +44 (20) 7946-0958 ', body: 'Hi' })).toEqual({ to: '+442079460958', body: 'Hi' });
    expect(op(id).params.parse({ to: '+41.44.668.18.00', body: 'Hi' })).toEqual({ to: '+41446681800', body: 'Hi' });
  });

  it('refuse numbers that are not international, with a message saying what is expected', () => {
    for (const to of ['0415 555 0100', '14155550100', '+0123456', '+1234567890123456', '+1 415 CALL NOW', 'whatsapp:+14155550100']) expect([to, problem(id, { to, body: 'Hi' })]).toEqual([to, NOT_E164]);
  });

  it('name a missing or wrong field', () => {
    expect(problem(id, { body: 'Hi' })).toBe('to is required');
    expect(problem(id, { to: '', body: 'Hi' })).toBe('to is required');
    expect(problem(id, { to: 14155550100, body: 'Hi' })).toBe('to must be text');
    expect(problem(id, { to: '+14155550100' })).toBe('body is required');
    expect(problem(id, { to: '+14155550100', body: 'x'.repeat(TWILIO_MAX_BODY + 1) })).toBe(`body must be at most ${TWILIO_MAX_BODY} characters`);
    expect(problem(id, { to: '+14155550100', body: 'Hi', from: '+15017122661' })).toMatch(/Unrecognized key: "from"/);
  });

  it('output a message’s sid, status and numbers', () => {
    expect(op(id).output.parse({ sid: 'SM1', status: 'queued', to: '+14155550100', from: '+15017122661', price: null })).toMatchObject({ sid: 'SM1', status: 'queued' });
    expect(op(id).output.safeParse({ sid: 'SM1', status: 'queued' }).success).toBe(false);
  });

  it('describe the number to agents with its pattern', () => {
    const schema = z.toJSONSchema(op(id).params) as { properties: Record<string, { description?: string; pattern?: string }> };
    expect(schema.properties.to).toMatchObject({ pattern: '^\\+[1-9]\\d{1,14}$', description: expect.stringContaining('international format') });
    expect(schema.properties.body!.description!.length).toBeGreaterThan(10);
  });
});
