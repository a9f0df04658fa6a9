// The Calendar API v3 of the fake Google server (test code): events.insert
// (the event resource Google answers with; an empty time range refused as
// Google does) and freebusy.query (each calendar's busy periods in UTC,
// clipped to the range; an unknown calendar is an error entry, not a
// failure). https://developers.google.com/calendar/api/v3/reference
import { googleError, ok, textOf, type FakeReply, type FakeRequest } from './wire.js';

export interface FakeEvent {
  id: string;
  summary?: string;
  description?: string;
  location?: string;
  start: { dateTime: string };
  end: { dateTime: string };
  attendees?: { email: string; responseStatus: string }[];
  /** 'transparent': shown as free. */
  transparency?: 'opaque' | 'transparent';
  /** The sendUpdates the insert asked for. */
  sendUpdates?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export class FakeCalendar {
  /** Calendar id → its events; 'primary' is the account's own. */
  readonly calendars = new Map<string, FakeEvent[]>([['primary', []]]);
  private next = 1;

  events(calendarId = 'primary'): FakeEvent[] {
    return this.calendars.get(calendarId) ?? [];
  }

  /** A busy (or, transparent, free) event already in a calendar. */
  add(calendarId: string, event: { start: string; end: string; summary?: string; transparency?: 'opaque' | 'transparent' }): void {
    if (!this.calendars.has(calendarId)) this.calendars.set(calendarId, []);
    this.calendars.get(calendarId)!.push({ id: `seed${this.next++}`, start: { dateTime: event.start }, end: { dateTime: event.end }, ...(event.summary ? { summary: event.summary } : {}), ...(event.transparency ? { transparency: event.transparency } : {}) });
  }

  private insert(calendarId: string, body: unknown, query: URLSearchParams): FakeReply {
    const events = this.calendars.get(calendarId);
    if (!events) return googleError(404, 'Not Found', 'notFound');
    const time = (key: 'start' | 'end') => {
      const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
      return textOf(value, 'dateTime');
    };
    const start = time('start');
    const end = time('end');
    if (start === undefined || end === undefined) return googleError(400, start === undefined ? 'Missing start time.' : 'Missing end time.', 'required');
    if (Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) return googleError(400, 'Bad Request', 'badRequest');
    if (Date.parse(end) <= Date.parse(start)) return googleError(400, 'The specified time range is empty.', 'timeRangeEmpty');
    const rawAttendees = (body as { attendees?: unknown }).attendees;
    if (rawAttendees !== undefined && (!Array.isArray(rawAttendees) || !rawAttendees.every((a) => EMAIL.test(textOf(a, 'email') ?? '')))) return googleError(400, 'Invalid attendee email.', 'invalid');
    const id = `evt${String(this.next++).padStart(6, '0')}`;
    const event: FakeEvent = {
      id,
      start: { dateTime: start },
      end: { dateTime: end },
      ...(textOf(body, 'summary') !== undefined ? { summary: textOf(body, 'summary')! } : {}),
      ...(textOf(body, 'description') !== undefined ? { description: textOf(body, 'description')! } : {}),
      ...(textOf(body, 'location') !== undefined ? { location: textOf(body, 'location')! } : {}),
      ...(Array.isArray(rawAttendees) ? { attendees: rawAttendees.map((a) => ({ email: textOf(a, 'email')!, responseStatus: 'needsAction' })) } : {}),
      ...(query.get('sendUpdates') ? { sendUpdates: query.get('sendUpdates')! } : {}),
    };
    events.push(event);
    const now = new Date().toISOString();
    const { sendUpdates: _asked, ...resource } = event;
    return ok({
      kind: 'calendar#event',
      etag: `"${Date.now()}"`,
      status: 'confirmed',
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} owner@example.com`).toString('base64url')}`,
      created: now,
      updated: now,
      creator: { email: 'owner@example.com', self: true },
      organizer: { email: 'owner@example.com', self: true },
      iCalUID: `${id}@google.com`,
      sequence: 0,
      reminders: { useDefault: true },
      eventType: 'default',
      ...resource,
    });
  }

  private freeBusy(body: unknown): FakeReply {
    const timeMin = textOf(body, 'timeMin');
    const timeMax = textOf(body, 'timeMax');
    if (timeMin === undefined) return googleError(400, 'Missing timeMin parameter.', 'required');
    if (timeMax === undefined) return googleError(400, 'Missing timeMax parameter.', 'required');
    const from = Date.parse(timeMin);
    const to = Date.parse(timeMax);
    if (Number.isNaN(from) || Number.isNaN(to)) return googleError(400, 'Bad Request', 'badRequest');
    if (to <= from) return googleError(400, 'The specified time range is empty.', 'timeRangeEmpty');
    const items = (body as { items?: unknown }).items;
    if (!Array.isArray(items) || items.length === 0) return googleError(400, 'Missing items parameter.', 'required');
    const calendars: Record<string, unknown> = {};
    for (const item of items) {
      const id = textOf(item, 'id') ?? '';
      const events = this.calendars.get(id);
      if (!events) {
        calendars[id] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
        continue;
      }
      const busy = events
        .filter((event) => event.transparency !== 'transparent')
        .map((event) => ({ start: Math.max(from, Date.parse(event.start.dateTime)), end: Math.min(to, Date.parse(event.end.dateTime)) }))
        .filter((period) => period.end > period.start)
        .sort((a, b) => a.start - b.start)
        .map((period) => ({ start: iso(period.start), end: iso(period.end) }));
      calendars[id] = { busy };
    }
    return ok({ kind: 'calendar#freeBusy', timeMin: iso(from), timeMax: iso(to), calendars });
  }

  handle(request: FakeRequest): FakeReply {
    if (request.rawPath === '/calendar/v3/freeBusy' && request.method === 'POST') return this.freeBusy(request.body);
    const insert = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(request.rawPath);
    if (insert && request.method === 'POST') return this.insert(decodeURIComponent(insert[1]!), request.body, request.query);
    return googleError(404, `Not Found: ${request.method} ${request.rawPath}`, 'notFound');
  }
}
