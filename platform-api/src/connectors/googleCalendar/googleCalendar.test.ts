// The Google Calendar executor through the ConnectorRuntime against the fake
// Google server: events created as Google takes them, free slots from the
// freeBusy answer, and Google's errors, waits and refresh.
import { startFakeGoogle, type FakeGoogle } from '../google/testing/fakeGoogle.js';
import { ACCESS_TOKEN, googleCredential, googleHarness, type GoogleHarness } from '../google/testing/harness.js';

let fake: FakeGoogle;
let h: GoogleHarness;

beforeEach(async () => {
  fake = await startFakeGoogle();
  h = googleHarness(fake);
});
afterEach(() => fake.close());

const viewing = { summary: 'Viewing: 12 Elm St', start: '2026-11-27T14:00:00+01:00', end: '2026-11-27T14:30:00+01:00' };

describe('createEvent', () => {
  it('creates the event in the primary calendar with its details, inviting the attendees', async () => {
    const output = (await h.invoke('googleCalendar', 'createEvent', { ...viewing, description: 'Bring the keys', location: '12 Elm St', attendees: 'anna@example.com, bo@example.com' })) as Record<string, string>;
    const [event] = fake.calendar.events('primary');
    expect(event).toMatchObject({
      summary: 'Viewing: 12 Elm St',
      description: 'Bring the keys',
      location: '12 Elm St',
      start: { dateTime: viewing.start },
      end: { dateTime: viewing.end },
      attendees: [{ email: 'anna@example.com' }, { email: 'bo@example.com' }],
      sendUpdates: 'all',
    });
    expect(output).toEqual({ id: event!.id, htmlLink: expect.stringMatching(/^https:\/\/www\.google\.com\/calendar\/event\?eid=/), start: viewing.start, end: viewing.end });
    expect([fake.requests[0]!.method, fake.requests[0]!.url]).toEqual(['POST', '/calendar/v3/calendars/primary/events?sendUpdates=all']);
  });

  it('uses the calendar asked for and sends no invitations without attendees', async () => {
    fake.calendar.calendars.set('team@group.calendar.google.com', []);
    await h.invoke('googleCalendar', 'createEvent', { ...viewing, calendarId: 'team@group.calendar.google.com' });
    expect(fake.calendar.events('team@group.calendar.google.com')).toHaveLength(1);
    expect(fake.requests[0]!.url).toBe('/calendar/v3/calendars/team%40group.calendar.google.com/events');
  });

  it('refuses an end that is not after the start before calling Google', async () => {
    await expect(h.invoke('googleCalendar', 'createEvent', { ...viewing, end: '2026-11-27T13:00:00Z' })).rejects.toThrow('Step: end must be after the start');
    expect(fake.requests).toHaveLength(0);
  });

  it('says Google’s refusal in plain words, quoting it', async () => {
    await expect(h.invoke('googleCalendar', 'createEvent', { ...viewing, calendarId: 'nobody@example.com' })).rejects.toThrow('Google Calendar refused the request: Not Found (HTTP 404)');
  });
});

describe('findFreeSlots', () => {
  it('asks freeBusy for the range and gives the slots of the length between the busy times', async () => {
    fake.calendar.add('primary', { start: '2026-11-27T10:00:00+01:00', end: '2026-11-27T11:00:00+01:00', summary: 'Team' });
    fake.calendar.add('primary', { start: '2026-11-27T10:30:00Z', end: '2026-11-27T11:15:00Z' });
    fake.calendar.add('primary', { start: '2026-11-27T12:00:00Z', end: '2026-11-27T13:00:00Z', transparency: 'transparent' });
    const output = await h.invoke('googleCalendar', 'findFreeSlots', { from: '2026-11-27T08:00:00Z', to: '2026-11-27T13:00:00Z', durationMinutes: 60 });
    expect(output).toEqual({
      slots: [
        { start: '2026-11-27T08:00:00Z', end: '2026-11-27T09:00:00Z' },
        { start: '2026-11-27T11:15:00Z', end: '2026-11-27T12:15:00Z' },
      ],
    });
    expect(fake.requests[0]).toMatchObject({ method: 'POST', url: '/calendar/v3/freeBusy', body: { timeMin: '2026-11-27T08:00:00.000Z', timeMax: '2026-11-27T13:00:00.000Z', items: [{ id: 'primary' }] } });
  });

  it('says so when Google cannot see the calendar', async () => {
    await expect(h.invoke('googleCalendar', 'findFreeSlots', { calendarId: 'ghost@example.com', from: '2026-11-27T08:00:00Z', to: '2026-11-27T13:00:00Z', durationMinutes: 30 })).rejects.toThrow('Google Calendar: there is no calendar "ghost@example.com" this account can see');
  });
});

describe('the runtime against Google', () => {
  it('waits out a 429 for the Retry-After Google sent, then retries', async () => {
    fake.rateLimitNext(1, 2);
    await h.invoke('googleCalendar', 'createEvent', viewing);
    expect(h.waits).toEqual([2000]);
    expect(fake.calendar.events()).toHaveLength(1);
  });

  it('on a 401 refreshes the token and retries with the new one', async () => {
    fake.revoke(ACCESS_TOKEN);
    fake.grant('ya29.renewed');
    const renewing = googleHarness(fake, { refresh: async (credential) => ({ ...credential, secrets: { ...credential.secrets, accessToken: 'ya29.renewed' } }) });
    fake.revoke(ACCESS_TOKEN);
    await renewing.invoke('googleCalendar', 'createEvent', viewing);
    expect(fake.requests.map((request) => request.token)).toEqual([ACCESS_TOKEN, 'ya29.renewed']);
    expect(fake.calendar.events()).toHaveLength(1);
  });

  it('a token Google refuses with no refresh asks the user to reconnect', async () => {
    const stale = googleHarness(fake, { credential: googleCredential('ya29.revoked') });
    await expect(stale.invoke('googleCalendar', 'createEvent', viewing)).rejects.toThrow(/^Google Calendar did not accept the connected account \(Request had invalid authentication credentials\..*reconnect it on the Credentials page$/);
  });
});
