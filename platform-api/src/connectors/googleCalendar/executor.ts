// Google Calendar API v3: events created in a calendar (attendees invited by
// Google's own e-mail) and free slots found from the freeBusy query.
// https://developers.google.com/calendar/api/v3/reference
import { StepFailure } from '../../runs/steps.js';
import { googleErrorMessage } from '../google/errors.js';
import type { ConnectorExecutor, OperationHandler } from '../runtime/types.js';
import { freeSlots, type Period } from './freeSlots.js';

/** As the declaration says: the account's own calendar. */
const DEFAULT_CALENDAR = 'primary';

const calendarOf = (values: Record<string, unknown>) => (typeof values.calendarId === 'string' && values.calendarId.trim() !== '' ? values.calendarId.trim() : DEFAULT_CALENDAR);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
/** An event time as Google gives it: a dateTime, or a date for all-day events. */
const timeOf = (time: { dateTime?: string; date?: string } | undefined) => time?.dateTime ?? time?.date ?? '';

const createEvent: OperationHandler = async ({ http }, values) => {
  // The declaration refuses it too; this guards callers that skip the schema.
  if (Date.parse(String(values.end)) <= Date.parse(String(values.start))) throw new StepFailure('Google Calendar: the event must end after it starts');
  const attendees = text(values.attendees)
    ?.split(',')
    .map((email) => email.trim())
    .filter((email) => email !== '')
    .map((email) => ({ email }));
  const response = await http.request({
    method: 'POST',
    path: `/calendars/${encodeURIComponent(calendarOf(values))}/events`,
    // Invitations go out only when there is someone to invite.
    query: { sendUpdates: attendees?.length ? 'all' : undefined },
    json: {
      summary: values.summary,
      start: { dateTime: values.start },
      end: { dateTime: values.end },
      ...(text(values.description) ? { description: values.description } : {}),
      ...(text(values.location) ? { location: values.location } : {}),
      ...(attendees?.length ? { attendees } : {}),
    },
  });
  const event = response.data as { id: string; htmlLink?: string; start?: { dateTime?: string; date?: string }; end?: { dateTime?: string; date?: string } };
  return { id: event.id, htmlLink: event.htmlLink ?? '', start: timeOf(event.start), end: timeOf(event.end) };
};

const findFreeSlots: OperationHandler = async ({ http }, values) => {
  const calendarId = calendarOf(values);
  const timeMin = new Date(Date.parse(String(values.from))).toISOString();
  const timeMax = new Date(Date.parse(String(values.to))).toISOString();
  const response = await http.request({ method: 'POST', path: '/freeBusy', json: { timeMin, timeMax, items: [{ id: calendarId }] } });
  const calendars = (response.data as { calendars?: Record<string, { busy?: Period[]; errors?: { reason?: string }[] }> }).calendars ?? {};
  // Keyed by the id asked for; one calendar asked, so its answer is the only one.
  const answer = calendars[calendarId] ?? Object.values(calendars)[0];
  if (!answer) throw new StepFailure(`Google Calendar did not answer for the calendar "${calendarId}"`);
  const reason = answer.errors?.[0]?.reason;
  if (reason) throw new StepFailure(reason === 'notFound' ? `Google Calendar: there is no calendar "${calendarId}" this account can see` : `Google Calendar could not read the calendar "${calendarId}" (${reason})`);
  return { slots: freeSlots(answer.busy ?? [], timeMin, timeMax, Number(values.durationMinutes)) };
};

export const googleCalendarExecutor: ConnectorExecutor = {
  id: 'googleCalendar',
  errorMessage: googleErrorMessage,
  operations: { createEvent, findFreeSlots },
};
