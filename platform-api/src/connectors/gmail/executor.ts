// Gmail API v1 for the connected account (users/me): send a message built
// as RFC 822, search with Gmail's own query syntax, read one message, and
// poll for new ones by Gmail's receive time (internalDate).
// https://developers.google.com/gmail/api/reference/rest/v1/users.messages
import { StepFailure } from '../../runs/steps.js';
import { googleErrorMessage } from '../google/errors.js';
import { fileRefsOf } from '../runtime/runtime.js';
import type { ConnectorExecutor, ConnectorFile, OperationContext, OperationHandler, PollHandler } from '../runtime/types.js';
import { decodeEntities, headerOf, rawMessage, textOfPayload, type GmailPart } from './mime.js';

const MESSAGES = '/gmail/v1/users/me/messages';
const DEFAULT_LIMIT = 10;
/** New messages one poll turns into runs; the rest wait for the next poll (the cursor only moves past what was returned). */
const MAX_POLL_ITEMS = 50;
/** Message ids one poll lists at most (Gmail lists newest first, so the oldest new ones are at the end). */
const MAX_POLL_LISTED = 500;
const SUMMARY_HEADERS = ['From', 'To', 'Subject', 'Date'];

interface GmailMessage {
  id: string;
  threadId: string;
  snippet?: string;
  internalDate?: string;
  payload?: GmailPart;
}

function summary(message: GmailMessage) {
  return {
    id: message.id,
    threadId: message.threadId,
    from: headerOf(message.payload, 'From'),
    to: headerOf(message.payload, 'To'),
    subject: headerOf(message.payload, 'Subject'),
    date: headerOf(message.payload, 'Date'),
    // Gmail's snippets are HTML-escaped ("it&#39;s").
    snippet: decodeEntities(message.snippet ?? ''),
  };
}

const full = (message: GmailMessage) => ({ ...summary(message), text: textOfPayload(message.payload) });

async function getMessage({ http }: OperationContext, id: string, format: 'full' | 'metadata' | 'minimal'): Promise<GmailMessage> {
  // metadataHeaders repeats, which the query record cannot say: it goes in the path.
  const headers = format === 'metadata' ? `&${SUMMARY_HEADERS.map((name) => `metadataHeaders=${name}`).join('&')}` : '';
  const response = await http.request({ method: 'GET', path: `${MESSAGES}/${encodeURIComponent(id)}?format=${format}${headers}` });
  return response.data as GmailMessage;
}

/** One page of message ids matching a search, newest first. */
async function list({ http }: OperationContext, q: string, maxResults: number, pageToken?: string) {
  const response = await http.request({ method: 'GET', path: MESSAGES, query: { q, maxResults, pageToken } });
  const data = response.data as { messages?: { id: string; threadId: string }[]; nextPageToken?: string };
  return { ids: (data.messages ?? []).map((message) => message.id), next: data.nextPageToken };
}

const sendEmail: OperationHandler = async (context, values) => {
  const refs = fileRefsOf(values.attachments, 'Send e-mail', 'attachments');
  let attachments: ConnectorFile[] = [];
  if (refs.length > 0) {
    if (!context.readFiles) throw new StepFailure('attachments: run files cannot be read here');
    attachments = await context.readFiles(refs, 'Attachment');
  }
  const raw = await rawMessage({
    to: String(values.to),
    ...(typeof values.cc === 'string' ? { cc: values.cc } : {}),
    subject: String(values.subject),
    text: String(values.body),
    attachments,
  });
  const response = await context.http.request({ method: 'POST', path: `${MESSAGES}/send`, json: { raw } });
  const data = response.data as { id: string; threadId: string };
  return { id: data.id, threadId: data.threadId };
};

const searchMessages: OperationHandler = async (context, values) => {
  // The declaration holds the limit to 1-50.
  const limit = (values.limit as number | undefined) ?? DEFAULT_LIMIT;
  const { ids } = await list(context, String(values.query), limit);
  const messages = [];
  for (const id of ids.slice(0, limit)) messages.push(summary(await getMessage(context, id, 'metadata')));
  return { messages };
};

/**
 * New messages (matching the query) received after the cursor, an
 * internalDate in epoch ms. Gmail's after: takes seconds, so the listing
 * may include messages of the cursor's own second: the internalDate check
 * drops what was already seen. The first activation stores the newest
 * matching message's time (else now) and starts no run.
 */
const newMessage: PollHandler = async (context, values, cursor) => {
  const query = typeof values.query === 'string' ? values.query : '';
  if (cursor === null) {
    const { ids } = await list(context, query, 1);
    const newest = ids[0] ? Number((await getMessage(context, ids[0], 'minimal')).internalDate) : NaN;
    return { items: [], cursor: String(Number.isFinite(newest) ? newest : Date.now()) };
  }
  const since = Number(cursor);
  if (!Number.isFinite(since)) throw new StepFailure(`Gmail: the trigger’s stored position "${cursor}" is not a time`);
  const q = `${query} after:${Math.floor(since / 1000)}`.trim();
  const ids: string[] = [];
  let page: string | undefined;
  do {
    const listed = await list(context, q, 100, page);
    ids.push(...listed.ids);
    page = listed.next;
  } while (page && ids.length < MAX_POLL_LISTED);
  const fetched: GmailMessage[] = [];
  // Oldest first, so a capped poll leaves the newest for the next one.
  for (const id of ids.reverse()) {
    const message = await getMessage(context, id, 'full');
    if (Number(message.internalDate) > since) fetched.push(message);
    if (fetched.length >= MAX_POLL_ITEMS) break;
  }
  fetched.sort((a, b) => Number(a.internalDate) - Number(b.internalDate));
  const newest = fetched.reduce((at, message) => Math.max(at, Number(message.internalDate)), since);
  return { items: fetched.map(full), cursor: String(newest) };
};

/** "Test connection" of a Google account (Sheets and Calendar share it): the Gmail profile names its address. */
async function test({ http }: OperationContext): Promise<{ account: string | null }> {
  const response = await http.request({ method: 'GET', path: '/gmail/v1/users/me/profile' });
  const address = (response.data as { emailAddress?: unknown } | null)?.emailAddress;
  return { account: typeof address === 'string' && address ? address : null };
}

export const gmailExecutor: ConnectorExecutor = {
  id: 'gmail',
  errorMessage: googleErrorMessage,
  operations: {
    sendEmail,
    searchMessages,
    getMessage: async (context, values) => full(await getMessage(context, String(values.messageId), 'full')),
  },
  triggers: { newMessage },
  test,
};
