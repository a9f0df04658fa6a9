// The e-mail connector against a real SMTP server (smtp-server, read back
// with mailparser): sender, recipients, subject, text and an attachment's
// bytes arrive; a wrong password asks to fix the account; a 421 is tried
// again; a 550 for one recipient is reported, for all of them it is final;
// and a host that resolves to a private address is refused before any
// connection under a policy that denies them.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { FileRef } from '@agentflow/shared/domain';
import { ALLOW_LOCAL, DENY_LOCAL } from '../../testing/runsHarness.js';
import type { OpenedCredential } from '../../credentials/index.js';
import type { SafeFetchPolicy } from '../../net/safeFetch.js';
import { isTransient } from '../../runs/failures.js';
import { CONNECTOR_EXECUTORS } from '../registry.js';
import { ConnectorRuntime, type ConnectorCall } from '../runtime/runtime.js';
import { startFakeSmtp, type FakeSmtp } from './testing/fake.js';

let smtp: FakeSmtp;
let settings: Record<string, string>;
let password: string;
const PDF = Buffer.from('%PDF-1.4\n% brochure\n\u00e9\u0000\u00ff binary tail', 'latin1');
const brochure: FileRef = { fileId: 'AbCdEfGhIjKlMnOpQrSt', name: 'brochure.pdf', contentType: 'application/pdf', size: PDF.length };

const runtime = () =>
  new ConnectorRuntime({
    executors: CONNECTOR_EXECUTORS,
    vault: { use: async (): Promise<OpenedCredential> => ({ id: 'cred-smtp', type: 'smtp', settings, secrets: password ? { password } : {} }) },
  });
const read: string[] = [];
const call = (policy: SafeFetchPolicy = ALLOW_LOCAL): ConnectorCall => ({
  connectorId: 'email',
  credentialId: 'cred-smtp',
  ownerId: 'owner',
  stepName: 'Send brochure',
  policy,
  signal: new AbortController().signal,
  readFile: async (ref, label) => {
    read.push(`${ref.fileId}:${label}`);
    return { name: ref.name, contentType: ref.contentType, bytes: PDF };
  },
});
const send = (values: Record<string, unknown>, policy?: SafeFetchPolicy) => runtime().invoke(call(policy), 'sendEmail', values);
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the send to fail');
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp.close());
beforeEach(() => {
  settings = { host: '127.0.0.1', port: String(smtp.port), security: 'none', username: 'robot@agentflow.test', fromAddress: 'Agentflow Robot <robot@agentflow.test>' };
  password = 'correct horse';
  smtp.messages.length = 0;
  smtp.connections = 0;
  smtp.rejectRecipients.clear();
  smtp.busy = false;
  read.length = 0;
});

describe('sendEmail', () => {
  it('delivers a text message with an attachment read from the run’s files', async () => {
    const output = (await send({ to: 'ada@example.com, grace@example.com', cc: 'boss@example.com', replyTo: 'sales@example.com', subject: 'Your brochure', body: 'Hello Ada,\nthe brochure is attached.', attachments: brochure })) as {
      messageId: string;
      accepted: string[];
      rejected: string[];
    };
    expect(smtp.messages).toHaveLength(1);
    const { envelope, user, mail } = smtp.messages[0]!;
    expect(user).toBe('robot@agentflow.test');
    expect(envelope).toEqual({ from: 'robot@agentflow.test', to: ['ada@example.com', 'grace@example.com', 'boss@example.com'] });
    expect(mail.from?.value).toEqual([{ address: 'robot@agentflow.test', name: 'Agentflow Robot' }]);
    expect(mail.subject).toBe('Your brochure');
    expect(mail.text?.trim()).toBe('Hello Ada,\nthe brochure is attached.');
    expect(mail.html).toBe(false);
    expect(mail.replyTo?.text).toBe('sales@example.com');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe('brochure.pdf');
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.attachments[0]!.content, PDF)).toBe(0);
    expect(read).toEqual(['AbCdEfGhIjKlMnOpQrSt:Attachment']);
    expect(output).toEqual({ messageId: mail.messageId, accepted: ['ada@example.com', 'grace@example.com', 'boss@example.com'], rejected: [] });
  });

  it('sends an HTML body as HTML, and several files as several attachments', async () => {
    const second: FileRef = { ...brochure, fileId: 'ZyXwVuTsRqPoNmLkJiHg', name: 'plan.pdf' };
    await send({ to: 'ada@example.com', subject: 'Plans', body: '<p>See <b>both</b> files</p>', html: 'true', attachments: [brochure, second] });
    const { mail } = smtp.messages[0]!;
    expect(mail.html).toBe('<p>See <b>both</b> files</p>');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['brochure.pdf', 'plan.pdf']);
    expect(read).toEqual(['AbCdEfGhIjKlMnOpQrSt:Attachment 1', 'ZyXwVuTsRqPoNmLkJiHg:Attachment 2']);
  });

  it('refuses attachments that are not run files, naming the param, before connecting', async () => {
    const error = await failure(send({ to: 'ada@example.com', subject: 'x', body: 'y', attachments: 'brochure.pdf' }));
    expect(error.message).toBe('E-mail (SMTP): attachments must be run files (e.g. {{ input.report }})');
    expect(smtp.connections).toBe(0);
  });

  it('says attachments need the run’s files where there are none to read (no file storage), without sending', async () => {
    const { readFile: _none, ...withoutFiles } = call();
    const error = await failure(runtime().invoke(withoutFiles, 'sendEmail', { to: 'ada@example.com', subject: 'x', body: 'y', attachments: brochure }));
    expect(error.message).toBe('E-mail (SMTP): attachments need the run’s files, which are not available here');
    expect(smtp.connections).toBe(0);
  });

  it('reports the one recipient the server refused with 550 and delivers to the others', async () => {
    smtp.rejectRecipients.set('gone@example.com', 550);
    const output = await send({ to: 'ada@example.com, gone@example.com', subject: 'Hi', body: 'Hello' });
    expect(output).toMatchObject({ accepted: ['ada@example.com'], rejected: ['gone@example.com'] });
    expect(smtp.messages[0]!.envelope.to).toEqual(['ada@example.com']);
  });

  it('is a final error quoting the server when every recipient is refused', async () => {
    smtp.rejectRecipients.set('gone@example.com', 550);
    const error = await failure(send({ to: 'gone@example.com', subject: 'Hi', body: 'Hello' }));
    expect(error.name).toBe('StepFailure');
    expect(error.message).toContain(`The mail server 127.0.0.1:${smtp.port} refused the recipients: "550 5.1.1 Recipient address rejected: Mailbox unavailable <gone@example.com>"`);
    expect(isTransient(error)).toBe(false);
    expect(smtp.messages).toHaveLength(0);
  });
  it.each([452, 451] as const)('is transient when the only recipient gets a %i (try again later)', async (code) => {
    smtp.rejectRecipients.set('full@example.com', code);
    const error = await failure(send({ to: 'full@example.com', subject: 'Hi', body: 'Hello' }));
    expect(error.name).toBe('SmtpBusyError');
    expect(isTransient(error)).toBe(true);
    expect(error.message).toContain(`(it answered "${code} `);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('mail server refusals', () => {
  it('a wrong password asks to reconnect the account, quoting the server, without the password', async () => {
    password = 'wrong battery';
    const error = await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }));
    expect(error.name).toBe('ConnectorAuthError');
    expect(error.message).toBe('E-mail (SMTP) did not accept the connected account (535 5.7.8 Authentication credentials invalid): reconnect it on the Credentials page');
    expect(error.message).not.toContain('wrong battery');
    expect(isTransient(error)).toBe(false);
    expect(smtp.messages).toHaveLength(0);
  });

  it('a 421 (server busy) is transient: the engine tries the step again', async () => {
    smtp.busy = true;
    const error = await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }));
    expect(error.name).toBe('SmtpBusyError');
    expect(isTransient(error)).toBe(true);
    expect(error.message).toContain('421');
    expect(error.message).toContain('Too many connections, try again later');
    smtp.busy = false;
    await send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' });
    expect(smtp.messages).toHaveLength(1);
  });

  it('a server that is not listening is transient', async () => {
    const closed = await startFakeSmtp();
    await closed.close();
    settings.port = String(closed.port);
    const error = await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }));
    expect(isTransient(error)).toBe(true);
    expect(error.message).toContain(`Could not reach the mail server 127.0.0.1:${closed.port}`);
  });

  it('a security setting the server does not match is a final error that names the setting', async () => {
    settings.security = 'starttls';
    const noStarttls = await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }));
    expect(noStarttls.message).toBe(
      `A secure connection to the mail server 127.0.0.1:${smtp.port} failed (it answered "500 Error: command not recognized"): check the SMTP account’s security setting (tls: usually port 465, starttls: 587) and the server’s certificate`,
    );
    expect(isTransient(noStarttls)).toBe(false);
    settings.security = 'tls';
    const plainPort = await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }));
    expect(plainPort.message).toContain('failed (the server does not speak TLS on this port)');
    expect(isTransient(plainPort)).toBe(false);
    expect(smtp.messages).toHaveLength(0);
  });

  it('a certificate the client refuses is final, not retried (implicit TLS)', async () => {
    // smtp-server's built-in certificate is self-issued: no public CA vouches for it.
    const tls = new SMTPServer({ secure: true, logger: false, authOptional: true });
    // The client hangs up mid-handshake on purpose: the server reports that as an error event.
    tls.on('error', () => {});
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      Object.assign(settings, { host: '127.0.0.1', port: String((tls.server.address() as AddressInfo).port), security: 'tls' });
      const error = await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }));
      expect(error.message).toMatch(/^A secure connection to the mail server 127\.0\.0\.1:\d+ failed \((certificate|self[- ]signed|unable to|IP: )/i);
      expect(isTransient(error)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    }
  });

  it('a host that resolves to a private address is refused under a policy denying them, without connecting', async () => {
    settings.host = 'localhost';
    const error = await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }, DENY_LOCAL));
    expect(error.name).toBe('BlockedAddressError');
    expect(error.message).toMatch(/^Refused to connect to (127\.0\.0\.1|::1) \(localhost\): loopback addresses are not allowed/);
    expect(smtp.connections).toBe(0);
    // The same account reaches the server when the policy allows local addresses (127.0.0.1: the server listens on IPv4 only).
    settings.host = '127.0.0.1';
    await send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' });
    expect(smtp.connections).toBe(1);
  });

  it('a literal private IP is refused too', async () => {
    const error = await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }, DENY_LOCAL));
    expect(error.name).toBe('BlockedAddressError');
    expect(smtp.connections).toBe(0);
  });

  it('an account with a broken port or security says which setting to fix', async () => {
    settings.port = 'twenty-five';
    expect((await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }))).message).toMatch(/port "twenty-five" is not a port number/);
    settings.port = String(smtp.port);
    settings.security = 'ssl3';
    expect((await failure(send({ to: 'ada@example.com', subject: 'Hi', body: 'Hello' }))).message).toMatch(/security "ssl3" must be one of starttls, tls, none/);
    expect(smtp.connections).toBe(0);
  });

  it('an aborted step does not send', async () => {
    const controller = new AbortController();
    controller.abort(new Error('canceled'));
    await expect(runtime().invoke({ ...call(), signal: controller.signal }, 'sendEmail', { to: 'ada@example.com', subject: 'Hi', body: 'Hello' })).rejects.toThrow('canceled');
    expect(smtp.messages).toHaveLength(0);
  });
});
