import { connectorOf, connectorOperationOf } from '../index.js';
import { googleCalendar } from './declaration.js';

const operation = (id: string) => connectorOperationOf(googleCalendar, id)!;
const problem = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : `${result.error!.issues[0]!.path.join('.')} ${result.error!.issues[0]!.message}`;
const event = { summary: 'Viewing: 12 Elm St', start: '2026-11-27T14:00:00+01:00', end: '2026-11-27T14:30:00+01:00' };

describe('the Google Calendar declaration', () => {
  it('is registered and signs in with Google OAuth only', () => {
    expect(connectorOf('googleCalendar')).toBe(googleCalendar);
    expect(googleCalendar.credentialTypes).toEqual(['googleOAuth']);
    expect(googleCalendar.operations.map((o) => o.id)).toEqual(['createEvent', 'findFreeSlots']);
  });

  it('createEvent takes a title, a start and an end, and optional details and attendees', () => {
    const params = operation('createEvent').params;
    expect(params.safeParse({ ...event, calendarId: 'team@group.calendar.google.com', description: 'Bring keys', location: '12 Elm St', attendees: 'anna@example.com, bo@example.com' }).success).toBe(true);
    expect(problem(params.safeParse({ ...event, start: '27/11/2026 14:00' }))).toBe('start must be a date and time such as 2026-11-26T14:00:00Z');
    expect(problem(params.safeParse({ ...event, summary: undefined }))).toBe('summary is required');
    expect(problem(params.safeParse({ ...event, attendees: 'anna' }))).toBe('attendees must be e-mail addresses separated by commas');
  });

  it('createEvent refuses an end that is not after the start, naming end', () => {
    const params = operation('createEvent').params;
    expect(problem(params.safeParse({ ...event, end: event.start }))).toBe('end must be after the start');
    // The same instant written with another offset is no later.
    expect(problem(params.safeParse({ ...event, end: '2026-11-27T13:00:00Z' }))).toBe('end must be after the start');
  });

  it('findFreeSlots takes a range and a length of 5 to 480 minutes', () => {
    const params = operation('findFreeSlots').params;
    const range = { from: '2026-11-27T08:00:00Z', to: '2026-11-27T17:00:00Z' };
    expect(params.safeParse({ ...range, durationMinutes: '30' }).data).toEqual({ ...range, durationMinutes: 30 });
    expect(problem(params.safeParse({ ...range, durationMinutes: 4 }))).toBe('durationMinutes must be at least 5');
    expect(problem(params.safeParse({ ...range, durationMinutes: 481 }))).toBe('durationMinutes must be at most 480');
    expect(problem(params.safeParse({ from: range.to, to: range.from, durationMinutes: 30 }))).toBe('to must be after from');
  });

  it('outputs: the created event and the slots', () => {
    expect(operation('createEvent').output.safeParse({ id: 'e1', htmlLink: 'https://www.google.com/calendar/event?eid=x', start: event.start, end: event.end, status: 'confirmed' }).success).toBe(true);
    expect(operation('createEvent').output.safeParse({ id: 'e1', start: event.start, end: event.end }).success).toBe(false);
    expect(operation('findFreeSlots').output.safeParse({ slots: [{ start: event.start, end: event.end }] }).success).toBe(true);
    expect(operation('findFreeSlots').output.safeParse({ slots: [{ start: event.start }] }).success).toBe(false);
  });
});
