// Gmail: send (with run files attached), search and read messages of the
// connected Google account, and a polling trigger on new messages matching a
// Gmail search. Google OAuth only (Gmail has no API keys).
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { field, out } from '../fields.js';

/** A message as later steps and agents see it: the headers people read and the text, not the MIME tree. */
const message = out.object({
  id: z.string(),
  threadId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string().describe('The Date header as sent'),
  snippet: z.string(),
});
const fullMessage = message.extend({ text: z.string().describe('The plain-text body (an HTML-only message: its text without tags)') });

export const GMAIL_SEARCH_LIMIT = 50;

export const gmail = declareConnector({
  id: 'gmail',
  name: 'Gmail',
  category: 'email',
  icon: { color: '#EA4335', glyph: 'Gm' },
  credentialTypes: ['googleOAuth'],
  baseUrl: 'https://gmail.googleapis.com',
  operations: [
    {
      id: 'sendEmail',
      description: 'Send an e-mail from the connected Gmail account, optionally with run files attached',
      params: z.strictObject({
        to: field.emails('Recipients, separated by commas'),
        subject: field.text('The subject line', 998),
        body: field.longText('The message, as plain text'),
        cc: field.emails('Copy recipients, separated by commas').optional(),
        attachments: field.files('Run files to attach (one file or a list)').optional(),
      }),
      output: out.object({ id: z.string(), threadId: z.string() }),
      mutates: true,
    },
    {
      id: 'searchMessages',
      description: 'Find Gmail messages with Gmail search syntax (e.g. "from:anna@example.com subject:invoice newer_than:7d"), newest first',
      params: z.strictObject({
        query: field.text('A Gmail search, as typed in Gmail’s search box', 1000),
        limit: field.integer(`At most this many messages (1-${GMAIL_SEARCH_LIMIT})`, 1, GMAIL_SEARCH_LIMIT).optional(),
      }),
      output: out.object({ messages: z.array(message) }),
      mutates: false,
    },
    {
      id: 'getMessage',
      description: 'Read one Gmail message: its sender, recipients, subject, date and text',
      params: z.strictObject({ messageId: field.id('The Gmail message id (from a search or the new-message trigger)') }),
      output: fullMessage,
      mutates: false,
    },
  ],
  triggers: [
    {
      id: 'newMessage',
      description: 'A new message arrived in Gmail (optionally only those matching a Gmail search)',
      params: z.strictObject({ query: field.text('Only messages matching this Gmail search, e.g. from:leads@example.com', 1000).optional() }),
      item: fullMessage,
      dedupKey: 'id',
    },
  ],
});
