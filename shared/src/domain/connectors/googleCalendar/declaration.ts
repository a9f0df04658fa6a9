// Google Calendar: create an event (attendees get Google's invitation) and
// find free slots of a given length from the calendar's busy times. Google
// OAuth only.
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { field, out } from '../fields.js';

export const GOOGLE_CALENDAR_DEFAULT_ID = 'primary';

const calendarId = field.id('The calendar: its id (e.g. team@group.calendar.google.com), default the account’s own (primary)').optional();
/** The time range of an event or a search must not be empty; the issue names `end`/`to` so the form marks that field. */
const after = (earlier: unknown, later: unknown) => typeof earlier !== 'string' || typeof later !== 'string' || Date.parse(later) > Date.parse(earlier);

export const googleCalendar = declareConnector({
  id: 'googleCalendar',
  name: 'Google Calendar',
  category: 'calendar',
  icon: { color: '#4285F4', glyph: 'Ca' },
  credentialTypes: ['googleOAuth'],
  baseUrl: 'https://www.googleapis.com/calendar/v3',
  operations: [
    {
      id: 'createEvent',
      description: 'Create an event in a Google calendar; attendees receive an invitation',
      params: z
        .strictObject({
          calendarId,
          summary: field.text('The event’s title', 1000),
          start: field.dateTime('When it starts'),
          end: field.dateTime('When it ends (after the start)'),
          description: field.longText('Details shown in the event', 8000).optional(),
          location: field.text('Where it takes place', 1000).optional(),
          attendees: field.emails('People to invite, e-mail addresses separated by commas').optional(),
        })
        .refine((values) => after(values.start, values.end), { path: ['end'], message: 'must be after the start' }),
      output: out.object({ id: z.string(), htmlLink: z.string(), start: z.string(), end: z.string() }),
      mutates: true,
    },
    {
      id: 'findFreeSlots',
      description: 'Find free time slots of a given length in a Google calendar between two times',
      params: z
        .strictObject({
          calendarId,
          from: field.dateTime('The earliest start of a slot'),
          to: field.dateTime('The latest end of a slot'),
          durationMinutes: field.integer('How long each slot is, in minutes (5-480)', 5, 480),
        })
        .refine((values) => after(values.from, values.to), { path: ['to'], message: 'must be after from' }),
      output: out.object({ slots: z.array(out.object({ start: z.string(), end: z.string() })) }),
      mutates: false,
    },
  ],
  triggers: [],
});
