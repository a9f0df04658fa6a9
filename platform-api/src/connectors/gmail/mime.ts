// Gmail's side of MIME: the RFC 822 message users.messages.send takes
// (built by nodemailer's MailComposer: headers encoded, attachments in
// base64, lines folded) and the readable text of a message Gmail returns as
// a tree of parts with base64url bodies.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { ConnectorFile } from '../runtime/types.js';

export interface OutgoingMail {
  to: string;
  cc?: string;
  subject: string;
  text: string;
  attachments: readonly ConnectorFile[];
}

/** The message as Gmail's `raw`: base64url of the RFC 822 bytes (Gmail adds From from the account). */
export async function rawMessage(mail: OutgoingMail): Promise<string> {
  const composer = new MailComposer({
    to: mail.to,
    ...(mail.cc ? { cc: mail.cc } : {}),
    subject: mail.subject,
    text: mail.text,
    attachments: mail.attachments.map((file) => ({ filename: file.name, contentType: file.contentType, content: file.bytes })),
  });
  const bytes = await composer.compile().build();
  return bytes.toString('base64url');
}

export interface GmailPart {
  mimeType?: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { data?: string; attachmentId?: string; size?: number };
  parts?: GmailPart[];
}

/** The first body part of a type that is not an attached file, depth-first (multipart/alternative, mixed, related). */
function findPart(part: GmailPart | undefined, mimeType: string): GmailPart | undefined {
  if (!part) return undefined;
  if (part.mimeType === mimeType && !part.filename && part.body?.data !== undefined) return part;
  for (const child of part.parts ?? []) {
    const found = findPart(child, mimeType);
    if (found) return found;
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** HTML entities as text (&amp;, &#39;, &#x27;): Gmail's snippets and HTML bodies use them. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Readable text of an HTML body: no head, scripts or styles; breaks and blocks as line ends; entities decoded. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(head|script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text/plain body, else the text/html one without tags, else ''. */
export function textOfPayload(payload: GmailPart | undefined): string {
  const plain = findPart(payload, 'text/plain');
  if (plain?.body?.data !== undefined) return Buffer.from(plain.body.data, 'base64url').toString('utf8');
  const html = findPart(payload, 'text/html');
  if (html?.body?.data !== undefined) return htmlToText(Buffer.from(html.body.data, 'base64url').toString('utf8'));
  return '';
}

/** A header's value by name (case-insensitive), '' when absent. */
export function headerOf(payload: GmailPart | undefined, name: string): string {
  const wanted = name.toLowerCase();
  return payload?.headers?.find((header) => header.name.toLowerCase() === wanted)?.value ?? '';
}
