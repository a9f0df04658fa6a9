// Twilio Programmable Messaging: an SMS or a WhatsApp message from the
// credential's sender number, over the Messages resource of the 2010-04-01
// REST API. https://www.twilio.com/docs/messaging/api/message-resource
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { field, out } from '../fields.js';

/** E.164: a plus, a country code and the number, 15 digits at most, no spaces. */
export const E164 = /^\+[1-9]\d{1,14}$/;
/** Twilio splits longer texts into segments and refuses bodies over 1600 characters. */
export const TWILIO_MAX_BODY = 1600;

const phone = (description: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text') })
    // Spaces, dashes, dots and brackets people type are dropped before the check.
    .transform((value) => value.replace(/[\s\-.()]/g, ''))
    .pipe(z.string().min(1, 'is required').regex(E164, 'must be a phone number in international format: a plus, the country code and the number, e.g. +14155550100'))
    .describe(description);

const message = out.object({
  sid: z.string().describe('The message’s Twilio SID (SM…)'),
  status: z.string().describe('Where the message is: queued, sending, sent, delivered, undelivered or failed'),
  to: z.string(),
  from: z.string(),
});

export const twilio = declareConnector({
  id: 'twilio',
  name: 'Twilio',
  category: 'sms',
  icon: { color: '#F22F46', glyph: 'Tw' },
  credentialTypes: ['twilio'],
  baseUrl: 'https://api.twilio.com',
  operations: [
    {
      id: 'sendSms',
      description: 'Send a text message (SMS) from the connected Twilio number',
      params: z.strictObject({
        to: phone('The recipient’s mobile number in international format, e.g. +14155550100'),
        body: field.longText('The text of the message (longer than 160 characters: sent in several parts)', TWILIO_MAX_BODY),
      }),
      output: message,
      mutates: true,
    },
    {
      id: 'sendWhatsApp',
      description: 'Send a WhatsApp message from the connected Twilio WhatsApp sender (outside a 24-hour conversation, WhatsApp only delivers approved templates)',
      params: z.strictObject({
        to: phone('The recipient’s WhatsApp number in international format, e.g. +14155550100'),
        body: field.longText('The text of the message', TWILIO_MAX_BODY),
      }),
      output: message,
      mutates: true,
    },
  ],
  triggers: [],
});
