// Microsoft Teams: a message (an Adaptive Card) posted to a channel through
// the channel's incoming webhook. The credential is the webhook's URL
// (secret: whoever has it can post), so there is no base URL.
// https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { field, out } from '../fields.js';

/** Teams refuses messages over 28 KB; this leaves room for the card around the text, even with accented letters. */
export const TEAMS_MAX_TEXT = 12_000;

export const teams = declareConnector({
  id: 'teams',
  name: 'Microsoft Teams',
  category: 'chat',
  icon: { color: '#5059C9', glyph: 'T' },
  credentialTypes: ['teamsWebhook'],
  baseUrl: '',
  operations: [
    {
      id: 'postMessage',
      description: 'Post a message to the Microsoft Teams channel of the connected incoming webhook',
      params: z.strictObject({
        title: field.text('A bold heading above the message', 200).optional(),
        text: field.longText('The message (Teams renders simple Markdown: **bold**, _italic_, [links](https://example.com), lists)', TEAMS_MAX_TEXT),
      }),
      output: out.object({ delivered: z.literal(true).describe('Teams accepted the message') }),
      mutates: true,
    },
  ],
  triggers: [],
});
