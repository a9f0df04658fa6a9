// E-mail over SMTP with nodemailer. SMTP is not HTTP, so the HTTP step's
// private-address guard is applied here: the credential's host is resolved
// once, every address is checked against the step's policy, and nodemailer
// connects to the checked IP (the certificate is still checked against the
// host name), so DNS cannot change between the check and the connection.
// Replies become step errors the way HTTP answers do: a refused login asks
// to fix the account, 4xx replies and connection failures are tried again,
// 5xx replies are final and quote the server.
import dns from 'node:dns/promises';
import net from 'node:net';
import nodemailer from 'nodemailer';
import { checkAddress, type SafeFetchPolicy } from '../../net/safeFetch.js';
import { StepFailure, TransientStepError } from '../../runs/steps.js';
import type { OpenedCredential } from '../../credentials/index.js';
import { ConnectorAuthError } from '../runtime/errors.js';
import { fileRefsOf } from '../runtime/runtime.js';
import type { ConnectorExecutor, ConnectorFile, OperationContext, OperationHandler } from '../runtime/types.js';

const NAME = 'E-mail (SMTP)';
export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;
type Security = (typeof SMTP_SECURITY)[number];
/** What most mail servers take in one message (attachments grow by a third in base64). */
export const MAX_ATTACHMENT_BYTES = 20_000_000;

interface SmtpSettings {
  host: string;
  port: number;
  security: Security;
  username: string | undefined;
  password: string | undefined;
  fromAddress: string;
}

/** A 4xx reply or a connection that failed: another attempt may get through. */
export class SmtpBusyError extends TransientStepError {
  constructor(message: string) {
    super(message);
    this.name = 'SmtpBusyError';
  }
}

function settingsOf(credential: OpenedCredential | null): SmtpSettings {
  if (!credential) throw new StepFailure(`${NAME}: connect an SMTP account in the step’s settings`);
  const { host = '', port = '', security = '', username = '', fromAddress = '' } = credential.settings;
  const portNumber = Number(port);
  if (host.trim() === '') throw new StepFailure(`The SMTP account has no mail server host: edit it on the Credentials page`);
  if (!Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65_535) throw new StepFailure(`The SMTP account’s port "${port}" is not a port number (1-65535): edit it on the Credentials page`);
  const mode = (security.trim().toLowerCase() || 'starttls') as Security;
  if (!SMTP_SECURITY.includes(mode)) throw new StepFailure(`The SMTP account’s security "${security}" must be one of ${SMTP_SECURITY.join(', ')}: edit it on the Credentials page`);
  if (fromAddress.trim() === '') throw new StepFailure(`The SMTP account has no sender address: edit it on the Credentials page`);
  return {
    host: host.trim().replace(/^\[|\]$/g, ''),
    port: portNumber,
    security: mode,
    username: username.trim() || undefined,
    password: credential.secrets.password || undefined,
    fromAddress: fromAddress.trim(),
  };
}

/** The address to connect to: every address the host resolves to must pass the policy (as safeFetch does). */
export async function checkedAddress(host: string, policy: Pick<SafeFetchPolicy, 'allowPrivateNetworks' | 'allowedRanges'>): Promise<string> {
  if (net.isIP(host)) {
    checkAddress(host, policy);
    return host;
  }
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(host, { all: true, verbatim: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EAI_AGAIN') throw new SmtpBusyError(`The mail server ${host} could not be looked up just now (DNS): the step will be tried again`);
    throw new StepFailure(`The mail server ${host} was not found (DNS): check the SMTP account’s host on the Credentials page`);
  }
  if (addresses.length === 0) throw new StepFailure(`The mail server ${host} was not found (DNS)`);
  for (const { address } of addresses) checkAddress(address, policy, host);
  return addresses[0]!.address;
}

const list = (value: unknown) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter((part) => part !== '') : []);
const addressText = (entry: unknown) => (typeof entry === 'string' ? entry : String((entry as { address?: unknown }).address ?? ''));

interface SmtpError {
  code?: string;
  /** The socket's own code under nodemailer's ESOCKET (CERT_HAS_EXPIRED, ERR_SSL_WRONG_VERSION_NUMBER…). */
  originalCode?: string;
  /** OpenSSL's short reason. */
  reason?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** TLS failures another attempt would repeat: a refused certificate, a port that does not speak TLS. */
const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH)/;

/** A nodemailer error as a step error that says what the server said. */
export function smtpFailure(error: unknown, server: string): Error {
  const e = (error ?? {}) as SmtpError;
  const reply = typeof e.response === 'string' ? e.response.trim().replace(/\s+/g, ' ').slice(0, 300) : '';
  const code = e.responseCode ?? (Number(/^(\d{3})/.exec(reply)?.[1]) || undefined);
  if (e.code === 'EAUTH' && !(code !== undefined && code >= 400 && code < 500)) return new ConnectorAuthError(NAME, reply || e.message || null);
  if (e.code === 'ETLS' || (e.originalCode !== undefined && TLS_CODE.test(e.originalCode))) {
    const why = e.originalCode === 'ERR_SSL_WRONG_VERSION_NUMBER' ? 'the server does not speak TLS on this port' : reply ? `it answered "${reply}"` : (e.reason ?? e.message ?? 'TLS');
    return new StepFailure(`A secure connection to the mail server ${server} failed (${why}): check the SMTP account’s security setting (tls: usually port 465, starttls: 587) and the server’s certificate`);
  }
  if (code !== undefined && code >= 400 && code < 500) return new SmtpBusyError(`The mail server ${server} cannot take the message now (it answered "${reply}"): the step will be tried again`);
  if (code !== undefined && code >= 500) {
    const what = e.code === 'EENVELOPE' ? 'refused the recipients' : 'refused the message';
    return new StepFailure(`The mail server ${server} ${what}: "${reply}"`);
  }
  if (e.code === 'EMESSAGE' || e.code === 'EENVELOPE') return new StepFailure(`The e-mail could not be sent: ${e.message ?? 'invalid message'}`);
  return new SmtpBusyError(`Could not reach the mail server ${server}${e.message ? ` (${e.message})` : ''}: the step will be tried again`);
}

async function attachmentsOf(context: Parameters<OperationHandler>[0], value: unknown): Promise<ConnectorFile[]> {
  const refs = fileRefsOf(value, NAME, 'attachments');
  if (refs.length === 0) return [];
  if (!context.readFiles) throw new StepFailure(`${NAME}: attachments need the run’s files, which are not available here`);
  const files = await context.readFiles(refs, 'Attachment');
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > MAX_ATTACHMENT_BYTES) throw new StepFailure(`${NAME}: the attachments are ${total} bytes together; mail servers take at most about ${MAX_ATTACHMENT_BYTES} bytes`);
  return files;
}

/** A transport to the credential's server, connecting only to the address the guard checked. */
async function connect(context: OperationContext, settings: SmtpSettings) {
  const address = await checkedAddress(settings.host, context.policy);
  const timeout = context.policy.timeoutMs;
  return nodemailer.createTransport({
    host: address,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    // The certificate must name the host the user gave, not the IP connected to.
    tls: net.isIP(settings.host) ? {} : { servername: settings.host },
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    logger: false,
  });
}

const sendEmail: OperationHandler = async (context, values) => {
  const settings = settingsOf(context.credential);
  const files = await attachmentsOf(context, values.attachments);
  context.signal.throwIfAborted();
  const transport = await connect(context, settings);
  const server = `${settings.host}:${settings.port}`;
  try {
    const info = await transport.sendMail({
      from: settings.fromAddress,
      to: list(values.to),
      ...(values.cc ? { cc: list(values.cc) } : {}),
      ...(values.replyTo ? { replyTo: values.replyTo as string } : {}),
      subject: values.subject as string,
      ...(values.html === true ? { html: values.body as string } : { text: values.body as string }),
      attachments: files.map((file) => ({ filename: file.name, contentType: file.contentType, content: file.bytes })),
      signal: context.signal,
    });
    return { messageId: info.messageId, accepted: info.accepted.map(addressText), rejected: info.rejected.map(addressText) };
  } catch (error) {
    if (context.signal.aborted) throw context.signal.reason ?? error;
    throw smtpFailure(error, server);
  } finally {
    transport.close();
  }
};

/** "Test connection": connect, greet and log in (nodemailer's verify), sending nothing; named by its login (else sender) and server. */
async function test(context: OperationContext): Promise<{ account: string | null }> {
  const settings = settingsOf(context.credential);
  const transport = await connect(context, settings);
  const server = `${settings.host}:${settings.port}`;
  try {
    await transport.verify();
  } catch (error) {
    if (context.signal.aborted) throw context.signal.reason ?? error;
    throw smtpFailure(error, server);
  } finally {
    transport.close();
  }
  return { account: `${settings.username ?? settings.fromAddress} on ${server}` };
}

export const emailExecutor: ConnectorExecutor = {
  id: 'email',
  operations: { sendEmail },
  test,
};
