// A real SMTP server for the e-mail connector's tests (smtp-server on
// 127.0.0.1, test code): AUTH PLAIN/LOGIN required, every message parsed
// with mailparser, recipients it refuses with 550, and a 421 greeting on
// demand. STARTTLS is off: the tests use the 'none' security mode.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO as the server saw them. */
  envelope: { from: string; to: string[] };
  /** Who logged in. */
  user: string | undefined;
  mail: ParsedMail;
}

export interface FakeSmtp {
  port: number;
  users: Record<string, string>;
  messages: ReceivedMail[];
  /** TCP connections the server accepted (a refused address never gets here). */
  connections: number;
  /** Recipients RCPT TO refuses, with the reply code (550 mailbox unavailable, 452 mailbox full, 451 local error). */
  rejectRecipients: Map<string, 550 | 452 | 451>;
  /** Greet the next connections with 421 (a server shedding load). */
  busy: boolean;
  close(): Promise<void>;
}

const REPLIES = { 550: '5.1.1 Recipient address rejected: Mailbox unavailable', 452: '4.2.2 Mailbox full, try again later', 451: '4.3.0 Local error in processing' } as const;
const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

export async function startFakeSmtp(users: Record<string, string> = { 'robot@agentflow.test': 'correct horse' }): Promise<FakeSmtp> {
  const fake = { users, messages: [] as ReceivedMail[], connections: 0, rejectRecipients: new Map<string, 550 | 452 | 451>(), busy: false };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onConnect(_session, callback) {
      fake.connections++;
      if (fake.busy) return callback(smtpError(421, 'Too many connections, try again later'));
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username !== undefined && fake.users[auth.username] === auth.password) return callback(null, { user: auth.username });
      callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const refused = fake.rejectRecipients.get(address.address);
      if (refused) return callback(smtpError(refused, `${REPLIES[refused]} <${address.address}>`));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const from = session.envelope.mailFrom;
          fake.messages.push({
            envelope: { from: from ? from.address : '', to: session.envelope.rcptTo.map((r) => r.address) },
            user: typeof session.user === 'string' ? session.user : undefined,
            mail,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // Clients that hang up early (a TLS hello on this plain port) are part of the tests, not server faults.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(fake, {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
