// The Gmail executor through the ConnectorRuntime against the fake Google
// server: the wire format of send/list/get, the new-message trigger's
// cursor, and the runtime's waits, refresh and plain-words errors.
import { startFakeGoogle, type FakeGoogle } from '../google/testing/fakeGoogle.js';
import { ACCESS_TOKEN, googleCredential, googleHarness, type GoogleHarness } from '../google/testing/harness.js';

let fake: FakeGoogle;
let h: GoogleHarness;

beforeEach(async () => {
  fake = await startFakeGoogle();
  h = googleHarness(fake);
});
afterEach(() => fake.close());

const T0 = Date.parse('2026-11-26T09:00:00Z');
const seed = (minutes: number, from = 'leads@example.com', extra: Partial<Parameters<FakeGoogle['gmail']['add']>[0]> = {}) =>
  fake.gmail.add({ from, to: 'owner@example.com', subject: `Lead ${minutes}`, internalDate: T0 + minutes * 60_000, text: `Body ${minutes}`, ...extra });

describe('sendEmail', () => {
  it('sends an RFC 822 message with recipients, copies, a UTF-8 subject and run files attached', async () => {
    const report = { fileId: 'f1aaaaaaaaaaaaaaaaaa', name: 'report.pdf', contentType: 'application/pdf', size: 9 };
    const notes = { fileId: 'f2aaaaaaaaaaaaaaaaaa', name: 'notes.txt', contentType: 'text/plain', size: 5 };
    const output = await h.invoke(
      'gmail',
      'sendEmail',
      { to: 'anna@example.com, bo@example.org', cc: 'boss@example.com', subject: 'Angebot für Müller', body: 'Hello Anna,\nsee attached.', attachments: [report, notes] },
      {
        f1aaaaaaaaaaaaaaaaaa: { name: 'report.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n') },
        f2aaaaaaaaaaaaaaaaaa: { name: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('notes') },
      },
    );
    expect(fake.gmail.sent).toHaveLength(1);
    const sent = fake.gmail.sent[0]!;
    expect(output).toEqual({ id: sent.id, threadId: sent.threadId });
    expect(sent.to).toEqual(['anna@example.com', 'bo@example.org']);
    expect(sent.cc).toEqual(['boss@example.com']);
    expect(sent.subject).toBe('Angebot für Müller');
    expect(sent.text.trim()).toBe('Hello Anna,\nsee attached.');
    expect(sent.attachments.map((file) => [file.filename, file.contentType, file.content.toString()])).toEqual([
      ['report.pdf', 'application/pdf', '%PDF-1.4\n'],
      ['notes.txt', 'text/plain', 'notes'],
    ]);
    const request = fake.requests.at(-1)!;
    expect([request.method, request.url, request.token]).toEqual(['POST', '/gmail/v1/users/me/messages/send', ACCESS_TOKEN]);
  });

  it('refuses attachments that are not run files, naming the param, before calling Gmail', async () => {
    await expect(h.invoke('gmail', 'sendEmail', { to: 'a@example.com', subject: 'x', body: 'y', attachments: 'report.pdf' })).rejects.toThrow('attachments must be run files');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('searchMessages', () => {
  it('lists with the Gmail query and reads each message’s headers (metadata only), newest first', async () => {
    seed(1);
    seed(2, 'other@example.com');
    const newest = seed(3, 'leads@example.com', { text: "It's a deal & more" });
    const output = (await h.invoke('gmail', 'searchMessages', { query: 'from:leads@example.com', limit: 10 })) as { messages: Record<string, string>[] };
    expect(output.messages.map((m) => m.subject)).toEqual(['Lead 3', 'Lead 1']);
    expect(output.messages[0]).toEqual({
      id: newest.id,
      threadId: newest.threadId,
      from: 'leads@example.com',
      to: 'owner@example.com',
      subject: 'Lead 3',
      date: 'Thu, 26 Nov 2026 09:03:00 +0000',
      // Gmail sends the snippet HTML-escaped ("It&#39;s a deal &amp; more").
      snippet: "It's a deal & more",
    });
    const list = new URL(fake.requests[0]!.url, fake.url);
    expect([list.pathname, list.searchParams.get('q'), list.searchParams.get('maxResults')]).toEqual(['/gmail/v1/users/me/messages', 'from:leads@example.com', '10']);
    const get = new URL(fake.requests[1]!.url, fake.url);
    expect(get.searchParams.get('format')).toBe('metadata');
    expect(get.searchParams.getAll('metadataHeaders')).toEqual(['From', 'To', 'Subject', 'Date']);
  });

  it('asks Gmail for at most `limit` messages and answers an empty list when none match', async () => {
    seed(1);
    seed(2);
    const output = (await h.invoke('gmail', 'searchMessages', { query: 'from:leads@example.com', limit: 1 })) as { messages: { subject: string }[] };
    expect(output.messages.map((m) => m.subject)).toEqual(['Lead 2']);
    expect(await h.invoke('gmail', 'searchMessages', { query: 'from:nobody@example.com' })).toEqual({ messages: [] });
  });
});

describe('getMessage', () => {
  it('gives the text/plain part of a multipart message, decoded', async () => {
    const message = seed(1, 'anna@example.com', { text: 'Grüße,\nAnna', html: '<p>Grüße,</p><p>Anna</p>' });
    const output = await h.invoke('gmail', 'getMessage', { messageId: message.id });
    expect(output).toMatchObject({ id: message.id, from: 'anna@example.com', subject: 'Lead 1', text: 'Grüße,\nAnna' });
    expect(new URL(fake.requests[0]!.url, fake.url).searchParams.get('format')).toBe('full');
  });

  it('falls back to the HTML without tags, and never takes an attached text file for the body', async () => {
    const message = seed(1, 'anna@example.com', {
      text: undefined,
      html: '<html><head><style>p{color:red}</style></head><body><p>Hi &amp; welcome,</p><p>Anna<br>Sales</p></body></html>',
      attachments: [{ filename: 'terms.txt', mimeType: 'text/plain', content: 'TERMS' }],
    });
    const output = (await h.invoke('gmail', 'getMessage', { messageId: message.id })) as { text: string };
    expect(output.text).toBe('Hi & welcome,\nAnna\nSales');
  });

  it('surfaces Gmail’s refusal in plain words, quoting it', async () => {
    await expect(h.invoke('gmail', 'getMessage', { messageId: 'no-such-message' })).rejects.toThrow('Gmail refused the request: Requested entity was not found. (HTTP 404)');
  });
});

describe('the newMessage trigger', () => {
  it('first activation stores the newest matching message’s time and starts no run', async () => {
    seed(1);
    seed(5);
    seed(9, 'other@example.com');
    expect(await h.poll('gmail', 'newMessage', { query: 'from:leads@example.com' }, null)).toEqual({ items: [], cursor: String(T0 + 5 * 60_000) });
  });

  it('first activation on an empty mailbox stores now', async () => {
    const before = Date.now();
    const { items, cursor } = await h.poll('gmail', 'newMessage', {}, null);
    expect(items).toEqual([]);
    expect(Number(cursor)).toBeGreaterThanOrEqual(before);
    expect(Number(cursor)).toBeLessThanOrEqual(Date.now());
  });

  it('returns the matching messages received after the cursor, oldest first, as getMessage gives them', async () => {
    const cursor = String(T0 + 60_000 + 500);
    seed(1); // the cursor's own second, before it: already seen
    const second = seed(3, 'leads@example.com', { text: 'Second' });
    seed(2, 'other@example.com');
    const first = seed(2, 'leads@example.com', { text: 'First' });
    const polled = await h.poll('gmail', 'newMessage', { query: 'from:leads@example.com' }, cursor);
    expect(polled.items).toEqual([
      expect.objectContaining({ id: first.id, subject: 'Lead 2', text: 'First' }),
      expect.objectContaining({ id: second.id, subject: 'Lead 3', text: 'Second' }),
    ]);
    expect(polled.cursor).toBe(String(second.internalDate));
    expect(new URL(fake.requests[0]!.url, fake.url).searchParams.get('q')).toBe(`from:leads@example.com after:${Math.floor(Number(cursor) / 1000)}`);
    expect(await h.poll('gmail', 'newMessage', { query: 'from:leads@example.com' }, polled.cursor)).toEqual({ items: [], cursor: polled.cursor });
  });

  it('follows Gmail’s pages and hands out at most 50 per poll, oldest first, the rest next time', async () => {
    for (let minute = 1; minute <= 120; minute++) seed(minute);
    let cursor = String(T0);
    const seen: string[] = [];
    for (const expected of [50, 50, 20, 0]) {
      const polled = await h.poll('gmail', 'newMessage', {}, cursor);
      expect(polled.items).toHaveLength(expected);
      seen.push(...polled.items.map((item) => (item as { subject: string }).subject));
      cursor = polled.cursor;
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `Lead ${i + 1}`));
    expect(fake.requests.some((request) => new URL(request.url, fake.url).searchParams.get('pageToken') === '100')).toBe(true);
  });
});

describe('the runtime against Google', () => {
  it('waits out a 429 for the Retry-After Google sent, then retries', async () => {
    const message = seed(1);
    fake.rateLimitNext(1, 7);
    expect(await h.invoke('gmail', 'getMessage', { messageId: message.id })).toMatchObject({ id: message.id });
    expect(h.waits).toEqual([7000]);
    expect(fake.requests).toHaveLength(2);
  });

  it('on a 401 refreshes the token once and retries with the new one', async () => {
    const message = seed(1);
    fake.revoke(ACCESS_TOKEN);
    fake.grant('ya29.renewed');
    const refreshed: string[] = [];
    const renewing = googleHarness(fake, {
      refresh: async (credential) => {
        refreshed.push(credential.secrets.refreshToken!);
        return { ...credential, secrets: { ...credential.secrets, accessToken: 'ya29.renewed' } };
      },
    });
    fake.revoke(ACCESS_TOKEN);
    expect(await renewing.invoke('gmail', 'getMessage', { messageId: message.id })).toMatchObject({ id: message.id });
    expect(refreshed).toEqual(['1//refresh-token']);
    expect(fake.requests.map((request) => request.token)).toEqual([ACCESS_TOKEN, 'ya29.renewed']);
  });

  it('a token Google still refuses after the refresh asks the user to reconnect, quoting Google', async () => {
    const stale = googleHarness(fake, { credential: googleCredential('ya29.revoked'), refresh: async (credential) => credential });
    await expect(stale.invoke('gmail', 'getMessage', { messageId: 'x' })).rejects.toThrow(/^Gmail did not accept the connected account \(Request had invalid authentication credentials\..*\): reconnect it on the Credentials page$/);
  });
});
