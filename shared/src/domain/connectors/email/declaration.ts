// E-mail over SMTP: one operation, send a message (text or HTML) with run
// files attached, through the mail server of the connected SMTP credential
// (host, port, security, login, sender address). SMTP is not HTTP: there is
// no base URL; the server comes from the credential.
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { field, out } from '../fields.js';

export const email = declareConnector({
  id: 'email',
  name: 'E-mail (SMTP)',
  category: 'email',
  icon: { color: '#6B7280', glyph: 'Em' },
  credentialTypes: ['smtp'],
  baseUrl: '',
  operations: [
    {
      id: 'sendEmail',
      description: 'Send an e-mail through the connected SMTP mail server, optionally with run files attached',
      params: z.strictObject({
        to: field.emails('Recipients’ e-mail addresses, separated by commas'),
        subject: field.text('The subject line', 998),
        body: field.longText('The message; HTML when "html" is true, else plain text', 200_000),
        html: field.boolean('The body is HTML').optional(),
        cc: field.emails('Copy to these addresses, separated by commas').optional(),
        replyTo: field.email('Where replies go, if not to the sender').optional(),
        attachments: field.files('Run files to attach (a file or a list of files)').optional(),
      }),
      output: out.object({
        messageId: z.string().describe('The Message-ID header of the sent e-mail'),
        accepted: z.array(z.string()).describe('Recipients the mail server accepted'),
        rejected: z.array(z.string()).describe('Recipients the mail server refused'),
      }),
      mutates: true,
    },
  ],
  triggers: [],
});
