// Slack Web API: chat.postMessage (plain text, or a section with link
// buttons in Block Kit) and users.lookupByEmail, with the bot token as a
// Bearer header. Slack answers most failures with HTTP 200 and
// {"ok":false,"error":"channel_not_found"}, so every answer's `ok` is read
// here and turned into the runtime's errors: a revoked or wrong token asks
// to reconnect, a rate limit is transient, the rest say in plain words what
// Slack refused. (HTTP 429 with Retry-After is waited out by ConnectorHttp.)
// https://api.slack.com/web#responses
import type { ConnectorRequest } from '../runtime/connectorHttp.js';
import { ConnectorAuthError, ConnectorBusyError, ConnectorRequestError } from '../runtime/errors.js';
import type { ConnectorExecutor, OperationContext, OperationHandler } from '../runtime/types.js';

/** Error codes that mean the token no longer works: only reconnecting helps. */
const AUTH_ERRORS = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'token_expired', 'account_inactive', 'no_permission', 'missing_scope']);

/** Slack's error codes a user meets, in plain words; others are quoted as they are. */
const PLAIN_WORDS: Record<string, string> = {
  channel_not_found: 'the channel was not found',
  not_in_channel: 'the bot is not in that channel: invite it first',
  is_archived: 'the channel is archived',
  users_not_found: 'no Slack user has that e-mail address',
  msg_too_long: 'the message is too long',
  no_text: 'the message is empty',
  invalid_blocks: 'the buttons could not be built (invalid_blocks)',
  restricted_action: 'the workspace does not let the bot post in that channel',
  missing_scope: 'the bot lacks a permission it needs (reinstall the Slack app with the chat:write and users:read.email scopes)',
};

export function slackPlainWords(code: string): string {
  return PLAIN_WORDS[code] ?? code;
}

interface SlackAnswer {
  ok?: boolean;
  error?: string;
  needed?: string;
}

function slackCode(body: unknown): string | null {
  const error = (body as SlackAnswer | null)?.error;
  return typeof error === 'string' && error !== '' ? error : null;
}

/** One Web API call; its data when Slack says ok, else the matching runtime error. */
async function call(context: OperationContext, request: ConnectorRequest): Promise<Record<string, unknown>> {
  const response = await context.http.request(request);
  const data = (response.data ?? {}) as SlackAnswer & Record<string, unknown>;
  if (data.ok === true) return data;
  const name = context.connector.name;
  const code = slackCode(data) ?? 'unknown_error';
  if (AUTH_ERRORS.has(code)) throw new ConnectorAuthError(name, code === 'missing_scope' && data.needed ? `missing_scope: ${data.needed}` : code);
  if (code === 'ratelimited') throw new ConnectorBusyError(name, 429, code);
  // The answer was HTTP 200: "(HTTP 200)" would confuse; the code is quoted instead.
  const error = new ConnectorRequestError(name, response.status, slackPlainWords(code));
  error.message = `${name} refused the request: ${slackPlainWords(code)}${PLAIN_WORDS[code] ? ` (${code})` : ''}`;
  throw error;
}

function posted(data: Record<string, unknown>, fallbackText: string) {
  const message = (data.message ?? {}) as { text?: unknown };
  return { channel: String(data.channel ?? ''), ts: String(data.ts ?? ''), text: typeof message.text === 'string' ? message.text : fallbackText };
}

const postMessage: OperationHandler = async (context, values) => {
  const text = values.text as string;
  const data = await call(context, {
    method: 'POST',
    path: '/chat.postMessage',
    json: { channel: values.channel, text, ...(values.threadTs ? { thread_ts: values.threadTs } : {}) },
  });
  return posted(data, text);
};

/** A section with the text and an actions block of link buttons; `text` stays as the notification's fallback. */
export function buttonBlocks(text: string, buttons: Record<string, unknown>): unknown[] {
  return [
    { type: 'section', text: { type: 'mrkdwn', text } },
    {
      type: 'actions',
      elements: Object.entries(buttons).map(([label, url], index) => ({
        type: 'button',
        text: { type: 'plain_text', text: label.trim(), emoji: true },
        url: String(url).trim(),
        // Unique per message; Slack still sends an interaction payload on click, which nothing here needs.
        action_id: `link_${index}`,
      })),
    },
  ];
}

const postMessageWithButtons: OperationHandler = async (context, values) => {
  const text = values.text as string;
  const data = await call(context, {
    method: 'POST',
    path: '/chat.postMessage',
    json: { channel: values.channel, text, blocks: buttonBlocks(text, values.buttons as Record<string, unknown>) },
  });
  return posted(data, text);
};

const lookupUserByEmail: OperationHandler = async (context, values) => {
  const data = await call(context, { method: 'GET', path: '/users.lookupByEmail', query: { email: values.email as string } });
  const user = (data.user ?? {}) as { id?: string; name?: string; real_name?: string; profile?: { email?: string; real_name?: string } };
  return {
    id: user.id ?? '',
    name: user.name ?? '',
    realName: user.real_name ?? user.profile?.real_name ?? '',
    email: user.profile?.email ?? (values.email as string),
  };
};

/** "Test connection": auth.test names the bot user and its workspace; a revoked token is the reconnect error. */
async function test(context: OperationContext): Promise<{ account: string | null }> {
  const data = await call(context, { method: 'POST', path: '/auth.test' });
  const user = typeof data.user === 'string' ? data.user : null;
  const team = typeof data.team === 'string' ? data.team : null;
  return { account: user && team ? `${user} in ${team}` : (team ?? user) };
}

export const slackExecutor: ConnectorExecutor = {
  id: 'slack',
  auth: (credential) => ({ headers: { Authorization: `Bearer ${credential.secrets.token ?? ''}` } }),
  // An HTTP error answer (429, 5xx) may carry {"ok":false,"error":"ratelimited"} too.
  errorMessage: (_status, body) => {
    const code = slackCode(body);
    return code ? slackPlainWords(code) : null;
  },
  operations: { postMessage, postMessageWithButtons, lookupUserByEmail },
  test,
};
