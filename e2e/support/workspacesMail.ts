// The real SMTP server platform-api sends its own e-mails to in the e2e
// stack (invitations, approval requests): smtp-server on the port the global
// setup gave platform-api in SMTP_URL (testMailEnv in e2e/stack/stack.mjs),
// every message parsed with mailparser. No login and no STARTTLS: the stack's
// SMTP_URL is plain smtp:// on loopback.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually } from './eventually';

const STATE_FILE = path.resolve(__dirname, '../../.agentflow/e2e-stack.json');

export interface StackMail {
  to: string[];
  mail: ParsedMail;
}

export interface StackMailbox {
  messages: StackMail[];
  /** The first message to `address` whose subject or text matches `pattern` (and is not one of `excluding`), waited for. */
  waitFor(address: string, pattern: RegExp, options?: { timeoutMs?: number; excluding?: readonly StackMail[] }): Promise<StackMail>;
  close(): Promise<void>;
}

/** The links of a plain-text e-mail, in order. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}

export async function startStackMailbox(): Promise<StackMailbox> {
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { ports: { smtp?: number }; env: Record<string, string> };
  const port = state.ports.smtp;
  if (!port || !state.env.SMTP_URL) throw new Error('The e2e stack gave platform-api no SMTP server (see testMailEnv in e2e/stack/stack.mjs)');
  const messages: StackMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()), mail });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const matching = (address: string, pattern: RegExp, excluding: readonly StackMail[]) =>
    messages.find(
      (message) =>
        !excluding.includes(message) && message.to.includes(address.toLowerCase()) && (pattern.test(message.mail.subject ?? '') || pattern.test(message.mail.text ?? '')),
    );
  return {
    messages,
    waitFor: async (address, pattern, { timeoutMs = 20_000, excluding = [] } = {}) => {
      const found = await eventually(
        async () => matching(address, pattern, excluding),
        (message) => message !== undefined,
        timeoutMs,
      ).catch((error: Error) => {
        const seen = messages.map((message) => `${message.to.join(',')}: ${message.mail.subject ?? ''}`);
        throw new Error(`${error.message.split(';')[0]}: no e-mail to ${address} matching ${pattern}; received: ${JSON.stringify(seen)}`);
      });
      return found!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
