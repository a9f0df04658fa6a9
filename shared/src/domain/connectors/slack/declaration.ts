// Slack: messages posted by a bot (plain, or with link buttons) and users
// looked up by e-mail, over the Web API (https://api.slack.com/web).
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { field, out } from '../fields.js';

/** Block Kit limits: a section's text, the buttons of one actions block, a button's label and URL. */
export const SLACK_LIMITS = { sectionText: 3000, buttons: 25, buttonLabel: 75, buttonUrl: 3000 } as const;

const channel = field.id('The channel to post in: its ID (C0123ABCD) or its name (#sales); the bot must be a member of a private channel');
const message = out.object({
  channel: z.string().describe('The ID of the channel the message was posted in'),
  ts: z.string().describe('The message’s timestamp: its ID in the channel (for replies in its thread)'),
  text: z.string(),
});

const webAddress = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Label → web address; each becomes a link button (Slack opens the address; nothing comes back to the workflow). */
const buttons = field
  .values(`The buttons under the message: each label (at most ${SLACK_LIMITS.buttonLabel} characters) opens its web address (https://…)`)
  .superRefine((record, context) => {
    const entries = Object.entries(record);
    if (entries.length === 0) context.addIssue({ code: 'custom', message: 'must have at least one button' });
    if (entries.length > SLACK_LIMITS.buttons) context.addIssue({ code: 'custom', message: `must have at most ${SLACK_LIMITS.buttons} buttons` });
    for (const [label, url] of entries) {
      if (label.trim().length > SLACK_LIMITS.buttonLabel) context.addIssue({ code: 'custom', path: [label], message: `label must be at most ${SLACK_LIMITS.buttonLabel} characters` });
      if (typeof url !== 'string' || !webAddress(url.trim()) || url.length > SLACK_LIMITS.buttonUrl) context.addIssue({ code: 'custom', path: [label], message: 'must be a web address such as https://example.com/approve' });
    }
  });

export const slack = declareConnector({
  id: 'slack',
  name: 'Slack',
  category: 'chat',
  icon: { color: '#4A154B', glyph: 'Sl' },
  credentialTypes: ['slackBot'],
  baseUrl: 'https://slack.com/api',
  operations: [
    {
      id: 'postMessage',
      description: 'Post a message to a Slack channel as the connected bot, optionally as a reply in a thread',
      params: z.strictObject({
        channel,
        text: field.longText('The message (Slack mrkdwn: *bold*, _italic_, <https://example.com|links>)', 40_000),
        threadTs: field
          .text('The timestamp (ts) of a message to reply to in its thread; empty: a new message')
          .regex(/^\d+\.\d+$/, 'must be a message timestamp such as 1503435956.000247')
          .optional(),
      }),
      output: message,
      mutates: true,
    },
    {
      id: 'postMessageWithButtons',
      description: 'Post a message to a Slack channel with link buttons under it (each button opens a web address, e.g. an approval page)',
      params: z.strictObject({
        channel,
        text: field.longText('The message above the buttons (Slack mrkdwn)', SLACK_LIMITS.sectionText),
        buttons,
      }),
      output: message,
      mutates: true,
    },
    {
      id: 'lookupUserByEmail',
      description: 'Find the Slack user of a workspace by their e-mail address (e.g. to mention them as <@ID>)',
      params: z.strictObject({ email: field.email('The user’s e-mail address') }),
      output: out.object({
        id: z.string().describe('The user ID (U0123ABCD); mention them with <@ID>'),
        name: z.string().describe('The user’s handle'),
        realName: z.string().describe('The user’s full name'),
        email: z.string(),
      }),
      mutates: false,
    },
  ],
  triggers: [],
});
