// The fake Google server's own checks, so the connector suites can rely on
// it refusing what Google refuses: tokens, base64url, A1 ranges and their
// write bounds, the required valueInputOption, empty time ranges.
import { startFakeGoogle, type FakeGoogle } from './fakeGoogle.js';

let fake: FakeGoogle;
beforeEach(async () => {
  fake = await startFakeGoogle();
  fake.grant('good');
  fake.sheets.add('book', { Sheet1: [['A', 'B'], ['1', '2']] });
});
afterEach(() => fake.close());

async function call(method: string, path: string, body?: unknown, token = 'good') {
  const response = await fetch(fake.url + path, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { error?: { code: number; message: string; status: string } } & Record<string, unknown> };
}

it('answers 401 UNAUTHENTICATED to a token it was not given or that was revoked', async () => {
  expect((await call('GET', '/gmail/v1/users/me/messages', undefined, 'other')).body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
  fake.revoke('good');
  expect((await call('GET', '/gmail/v1/users/me/messages')).status).toBe(401);
});

it('answers 429 RESOURCE_EXHAUSTED with Retry-After for the next requests it was told to', async () => {
  fake.rateLimitNext(1, 12);
  const limited = await call('GET', '/gmail/v1/users/me/messages');
  expect([limited.status, limited.retryAfter, limited.body.error?.status]).toEqual([429, '12', 'RESOURCE_EXHAUSTED']);
  expect((await call('GET', '/gmail/v1/users/me/messages')).status).toBe(200);
});

it('Gmail: refuses a raw message that is not base64url or has no recipient', async () => {
  const plain = Buffer.from('Subject: x\r\n\r\nhi?>>>').toString('base64');
  expect(plain).toMatch(/[+/]/);
  expect((await call('POST', '/gmail/v1/users/me/messages/send', { raw: plain })).body.error?.message).toMatch(/Base64 decoding failed/);
  expect((await call('POST', '/gmail/v1/users/me/messages/send', { raw: Buffer.from('Subject: x\r\n\r\nhi').toString('base64url') })).body.error?.message).toBe('Recipient address required');
});

it('Sheets: needs valueInputOption, an existing tab, and writes only within the range in the URL', async () => {
  const row = { values: [['x', 'y', 'z']] };
  expect((await call('PUT', '/v4/spreadsheets/book/values/Sheet1!A2%3AB2', row)).body.error?.message).toBe("'valueInputOption' is required but not specified");
  expect((await call('PUT', '/v4/spreadsheets/book/values/Sheet1!A2%3AB2?valueInputOption=USER_ENTERED', row)).body.error?.message).toBe('Requested writing within range [Sheet1!A2:B2], but tried writing to column [C]');
  expect((await call('PUT', '/v4/spreadsheets/book/values/Sheet1!A2%3AC2?valueInputOption=RAW', { ...row, range: 'Sheet1!A3:C3' })).status).toBe(400);
  expect((await call('GET', '/v4/spreadsheets/book/values/Leads!1%3A1')).body.error?.message).toBe('Unable to parse range: Leads!1:1');
  expect(fake.sheets.rows('book')).toEqual([['A', 'B'], ['1', '2']]);
});

it('Calendar: refuses an empty time range as Google does', async () => {
  const event = { start: { dateTime: '2026-11-27T10:00:00Z' }, end: { dateTime: '2026-11-27T10:00:00Z' } };
  expect((await call('POST', '/calendar/v3/calendars/primary/events', event)).body.error).toMatchObject({ code: 400, message: 'The specified time range is empty.' });
  expect((await call('POST', '/calendar/v3/freeBusy', { timeMin: '2026-11-27T10:00:00Z', timeMax: '2026-11-27T09:00:00Z', items: [{ id: 'primary' }] })).status).toBe(400);
  expect(fake.calendar.events()).toEqual([]);
});
