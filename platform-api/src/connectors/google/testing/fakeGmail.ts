// The Gmail API of the fake Google server (test code): users.messages list
// (Gmail search: from:, to:, subject:, after:/before: in epoch seconds or
// yyyy/mm/dd, and words), get (minimal, metadata with metadataHeaders, full
// with the MIME tree Gmail gives: base64url part bodies, attachments by id)
// and send (the raw RFC 822 message, base64url, decoded with mailparser into
// `sent`), and the account's profile (a connection test reads it).
// https://developers.google.com/gmail/api/reference/rest/v1/users.messages
import { simpleParser, type AddressObject } from 'mailparser';
import { googleError, notFound, ok, textOf, type FakeReply, type FakeRequest } from './wire.js';

export interface SeededMessage {
  from: string;
  to: string;
  subject: string;
  /** Epoch milliseconds (Gmail's internalDate: when Gmail received it). */
  internalDate: number;
  text?: string;
  html?: string;
  /** Attached files (a text attachment must not be taken for the body). */
  attachments?: { filename: string; mimeType: string; content: string }[];
}

export interface MailboxMessage extends SeededMessage {
  id: string;
  threadId: string;
}

export interface SentMessage {
  id: string;
  threadId: string;
  /** The RFC 822 message as Gmail received it, decoded from base64url. */
  raw: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const addresses = (value: AddressObject | AddressObject[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) => object.value.map((a) => a.address ?? ''));

/** Gmail's search terms, split on spaces outside quotes. */
function terms(query: string): string[] {
  return [...query.matchAll(/(?:[^\s"]+:)?"[^"]*"|\S+/g)].map((match) => match[0].replace(/"/g, ''));
}

/** after:/before: take epoch seconds or a yyyy/mm/dd date. */
function timeOf(value: string): number {
  return /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value.replace(/\//g, '-') + 'T00:00:00Z');
}

function matches(message: MailboxMessage, query: string): boolean {
  const haystack = `${message.from} ${message.to} ${message.subject} ${message.text ?? ''} ${message.html ?? ''}`.toLowerCase();
  return terms(query).every((term) => {
    const [, operator, value] = /^(from|to|subject|after|before):(.*)$/i.exec(term) ?? [];
    switch (operator?.toLowerCase()) {
      case 'from':
        return message.from.toLowerCase().includes(value!.toLowerCase());
      case 'to':
        return message.to.toLowerCase().includes(value!.toLowerCase());
      case 'subject':
        return message.subject.toLowerCase().includes(value!.toLowerCase());
      case 'after':
        return message.internalDate >= timeOf(value!);
      case 'before':
        return message.internalDate < timeOf(value!);
      default:
        return haystack.includes(term.toLowerCase());
    }
  });
}

export class FakeGmail {
  /** The mailbox, as a test seeded it. */
  readonly messages: MailboxMessage[] = [];
  /** What the account sent through the API. */
  readonly sent: SentMessage[] = [];
  /** The account's address, as users.getProfile gives it. */
  emailAddress = 'owner@example.com';
  private next = 1;

  private newId(): string {
    return (0x18c0000000000 + this.next++).toString(16);
  }

  add(message: SeededMessage): MailboxMessage {
    const id = this.newId();
    const stored = { ...message, id, threadId: id };
    this.messages.push(stored);
    return stored;
  }

  private headers(message: MailboxMessage) {
    return [
      { name: 'From', value: message.from },
      { name: 'To', value: message.to },
      { name: 'Subject', value: message.subject },
      { name: 'Date', value: new Date(message.internalDate).toUTCString().replace('GMT', '+0000') },
      { name: 'Message-ID', value: `<${message.id}@mail.example.com>` },
    ];
  }

  /** The MIME tree Gmail gives with format=full. */
  private payload(message: MailboxMessage) {
    const leaf = (partId: string, mimeType: string, text: string) => ({ partId, mimeType, filename: '', headers: [{ name: 'Content-Type', value: `${mimeType}; charset="UTF-8"` }], body: { size: Buffer.byteLength(text), data: b64url(text) } });
    const bodies = [...(message.text !== undefined ? [['text/plain', message.text]] : []), ...(message.html !== undefined ? [['text/html', message.html]] : [])] as [string, string][];
    const body =
      bodies.length === 1
        ? leaf('0', bodies[0]![0], bodies[0]![1])
        : { partId: '0', mimeType: 'multipart/alternative', filename: '', headers: [], body: { size: 0 }, parts: bodies.map(([type, text], index) => leaf(`0.${index}`, type, text)) };
    if (!message.attachments?.length) return { ...body, partId: '', headers: [...this.headers(message), ...body.headers] };
    const files = message.attachments.map((file, index) => ({
      partId: String(index + 1),
      mimeType: file.mimeType,
      filename: file.filename,
      headers: [{ name: 'Content-Disposition', value: `attachment; filename="${file.filename}"` }],
      body: { attachmentId: `ANGjdJ${message.id}${index}`, size: Buffer.byteLength(file.content) },
    }));
    return { partId: '', mimeType: 'multipart/mixed', filename: '', headers: this.headers(message), body: { size: 0 }, parts: [body, ...files] };
  }

  private resource(message: MailboxMessage, format: string, metadataHeaders: string[]) {
    const plain = message.text ?? (message.html ?? '').replace(/<[^>]*>/g, ' ');
    const base = {
      id: message.id,
      threadId: message.threadId,
      labelIds: ['INBOX', 'UNREAD'],
      snippet: escapeHtml(plain.replace(/\s+/g, ' ').trim().slice(0, 200)),
      sizeEstimate: 1024,
      historyId: '4242',
      internalDate: String(message.internalDate),
    };
    if (format === 'minimal') return base;
    if (format === 'metadata') {
      const wanted = metadataHeaders.map((name) => name.toLowerCase());
      const headers = this.headers(message).filter((header) => wanted.length === 0 || wanted.includes(header.name.toLowerCase()));
      return { ...base, payload: { partId: '', mimeType: message.attachments?.length ? 'multipart/mixed' : 'multipart/alternative', filename: '', headers } };
    }
    return { ...base, payload: this.payload(message) };
  }

  private list(query: URLSearchParams): FakeReply {
    const max = query.has('maxResults') ? Number(query.get('maxResults')) : 100;
    if (!Number.isInteger(max) || max < 1 || max > 500) return googleError(400, `Invalid maxResults: ${query.get('maxResults')}`);
    const found = this.messages.filter((message) => matches(message, query.get('q') ?? '')).sort((a, b) => b.internalDate - a.internalDate);
    const offset = Number(query.get('pageToken') ?? '0');
    const page = found.slice(offset, offset + max);
    if (page.length === 0) return ok({ resultSizeEstimate: 0 });
    return ok({
      messages: page.map((message) => ({ id: message.id, threadId: message.threadId })),
      ...(offset + max < found.length ? { nextPageToken: String(offset + max) } : {}),
      resultSizeEstimate: found.length,
    });
  }

  private async send(body: unknown): Promise<FakeReply> {
    const raw = textOf(body, 'raw');
    if (raw === undefined) return googleError(400, "Invalid value at 'message.raw'", 'invalidArgument');
    if (!BASE64URL.test(raw)) return googleError(400, `Invalid value at 'message.raw' (TYPE_BYTES), Base64 decoding failed for "${raw.slice(0, 20)}…"`, 'invalidArgument');
    const mime = Buffer.from(raw, 'base64url').toString('utf8');
    const parsed = await simpleParser(mime);
    const to = addresses(parsed.to);
    const cc = addresses(parsed.cc);
    if (to.length + cc.length === 0) return googleError(400, 'Recipient address required', 'invalidArgument');
    const id = this.newId();
    this.sent.push({
      id,
      threadId: id,
      raw: mime,
      to,
      cc,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      attachments: parsed.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, content: file.content })),
    });
    return ok({ id, threadId: id, labelIds: ['SENT'] });
  }

  async handle(request: FakeRequest): Promise<FakeReply> {
    const rest = request.rawPath.slice('/gmail/v1/users/me/'.length);
    // users.getProfile: https://developers.google.com/gmail/api/reference/rest/v1/users/getProfile
    if (rest === 'profile' && request.method === 'GET') return ok({ emailAddress: this.emailAddress, messagesTotal: this.messages.length, threadsTotal: this.messages.length, historyId: '4242' });
    if (rest === 'messages/send' && request.method === 'POST') return this.send(request.body);
    if (rest === 'messages' && request.method === 'GET') return this.list(request.query);
    const get = /^messages\/([^/]+)$/.exec(rest);
    if (get && request.method === 'GET') {
      const message = this.messages.find((candidate) => candidate.id === decodeURIComponent(get[1]!));
      if (!message) return notFound();
      const format = request.query.get('format') ?? 'full';
      if (!['minimal', 'metadata', 'full'].includes(format)) return googleError(400, `Invalid value for format: ${format}`);
      return ok(this.resource(message, format, request.query.getAll('metadataHeaders')));
    }
    return googleError(404, `Not Found: ${request.method} ${request.rawPath}`, 'notFound');
  }
}
