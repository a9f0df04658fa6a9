// A fake Slack Web API (test code): chat.postMessage and users.lookupByEmail
// on a loopback server, answering as Slack does — HTTP 200 with
// {"ok":false,"error":…} for refusals (unknown channel, bot not invited,
// unknown e-mail, bad token, malformed blocks), HTTP 429 with Retry-After
// (seconds) when a test asks for a rate limit. Tests create the channels and
// users it knows and read the messages it received.
import type http from 'node:http';
import { startUpstream } from '../../../testing/upstream';

export interface FakeSlackChannel {
  id: string;
  name: string;
  /** Whether the bot was invited (a public channel it is not in refuses with not_in_channel, as Slack does for bots). */
  botIsMember: boolean;
}

export interface FakeSlackUser {
  id: string;
  name: string;
  realName: string;
  email: string;
}

export interface FakeSlackMessage {
  channel: string;
  text: string;
  blocks?: unknown[];
  threadTs?: string;
  ts: string;
}

export interface FakeSlack {
  url: string;
  /** The bot token it accepts (xoxb-…). */
  token: string;
  messages: FakeSlackMessage[];
  channels: Map<string, FakeSlackChannel>;
  users: FakeSlackUser[];
  /** Every request's method and path with query, in order. */
  requests: string[];
  addChannel(name: string, options?: { botIsMember?: boolean }): FakeSlackChannel;
  addUser(user: Omit<FakeSlackUser, 'id'>): FakeSlackUser;
  /** The next `times` requests get HTTP 429 with Retry-After: `seconds`. */
  rateLimit(seconds: number, times?: number): void;
  /** The token is revoked: every request answers {"ok":false,"error":"token_revoked"}. */
  revokeToken(): void;
  close(): Promise<void>;
}

const MAX_TEXT = 40_000;

/** What auth.test says of the fake's bot token (https://api.slack.com/methods/auth.test). */
export const FAKE_SLACK_IDENTITY = {
  url: 'https://acme-fake.slack.com/',
  team: 'Acme',
  user: 'agentflow',
  team_id: 'T0FAKE001',
  user_id: 'U0BOT0001',
  bot_id: 'B0BOT0001',
  is_enterprise_install: false,
} as const;

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Block Kit checks Slack makes on the blocks this connector sends: the problems as Slack lists them. */
function blockProblems(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return ['must be an array [json-pointer:/blocks]'];
  const problems: string[] = [];
  blocks.forEach((block: { type?: unknown; text?: { type?: unknown; text?: unknown }; elements?: unknown }, i) => {
    if (block.type === 'section') {
      if (!block.text || (block.text.type !== 'mrkdwn' && block.text.type !== 'plain_text') || typeof block.text.text !== 'string') problems.push(`must provide text [json-pointer:/blocks/${i}/text]`);
      else if (block.text.text.length > 3000) problems.push(`must be less than 3001 characters [json-pointer:/blocks/${i}/text/text]`);
    } else if (block.type === 'actions') {
      const elements = Array.isArray(block.elements) ? (block.elements as { type?: unknown; text?: { type?: unknown; text?: unknown }; url?: unknown; action_id?: unknown }[]) : [];
      if (elements.length === 0 || elements.length > 25) problems.push(`must have between 1 and 25 elements [json-pointer:/blocks/${i}/elements]`);
      const ids = new Set<unknown>();
      elements.forEach((element, j) => {
        const at = `/blocks/${i}/elements/${j}`;
        if (element.type !== 'button') problems.push(`unsupported element type [json-pointer:${at}/type]`);
        if (element.text?.type !== 'plain_text' || typeof element.text.text !== 'string' || element.text.text.length === 0 || element.text.text.length > 75)
          problems.push(`must be plain_text of 1 to 75 characters [json-pointer:${at}/text]`);
        if (typeof element.url !== 'string' || !/^https?:\/\//.test(element.url) || element.url.length > 3000) problems.push(`must be a valid URL [json-pointer:${at}/url]`);
        if (element.action_id !== undefined && ids.has(element.action_id)) problems.push(`action_id must be unique [json-pointer:${at}/action_id]`);
        ids.add(element.action_id);
      });
    } else problems.push(`unsupported type: ${String(block.type)} [json-pointer:/blocks/${i}/type]`);
  });
  return problems;
}

/** `port`: a fixed port (the connectors e2e test); default any free one. */
export async function startFakeSlack(token = 'xoxb-fake-bot-token', port = 0): Promise<FakeSlack> {
  const messages: FakeSlackMessage[] = [];
  const channels = new Map<string, FakeSlackChannel>();
  const users: FakeSlackUser[] = [];
  const requests: string[] = [];
  let limited = { seconds: 0, times: 0 };
  let revoked = false;
  let clock = 1_764_000_000;
  let counter = 0;

  const findChannel = (value: string) => channels.get(value) ?? [...channels.values()].find((channel) => `#${channel.name}` === value || channel.name === value);

  const postMessage = (res: http.ServerResponse, body: Record<string, unknown>) => {
    const channel = typeof body.channel === 'string' ? findChannel(body.channel) : undefined;
    if (typeof body.channel !== 'string' || body.channel === '') return send(res, 200, { ok: false, error: 'invalid_arguments' });
    if (!channel) return send(res, 200, { ok: false, error: 'channel_not_found' });
    if (!channel.botIsMember) return send(res, 200, { ok: false, error: 'not_in_channel' });
    const text = typeof body.text === 'string' ? body.text : '';
    if (text === '' && body.blocks === undefined) return send(res, 200, { ok: false, error: 'no_text' });
    if (text.length > MAX_TEXT) return send(res, 200, { ok: false, error: 'msg_too_long' });
    if (body.blocks !== undefined) {
      const problems = blockProblems(body.blocks);
      if (problems.length > 0) return send(res, 200, { ok: false, error: 'invalid_blocks', errors: problems, response_metadata: { messages: problems.map((p) => `[ERROR] ${p}`) } });
    }
    const ts = `${clock++}.${String(++counter).padStart(6, '0')}`;
    const threadTs = typeof body.thread_ts === 'string' ? body.thread_ts : undefined;
    messages.push({ channel: channel.id, text, ...(body.blocks !== undefined ? { blocks: body.blocks as unknown[] } : {}), ...(threadTs ? { threadTs } : {}), ts });
    send(res, 200, {
      ok: true,
      channel: channel.id,
      ts,
      message: { type: 'message', subtype: 'bot_message', text, user: 'U0BOT0001', bot_id: 'B0BOT0001', ts, ...(threadTs ? { thread_ts: threadTs } : {}), ...(body.blocks !== undefined ? { blocks: body.blocks } : {}) },
    });
  };

  const lookupByEmail = (res: http.ServerResponse, email: string | null) => {
    if (!email) return send(res, 200, { ok: false, error: 'invalid_arguments', response_metadata: { messages: ['[ERROR] missing required field: email'] } });
    const user = users.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    if (!user) return send(res, 200, { ok: false, error: 'users_not_found' });
    send(res, 200, {
      ok: true,
      user: { id: user.id, team_id: 'T0FAKE001', name: user.name, deleted: false, real_name: user.realName, is_bot: false, profile: { real_name: user.realName, display_name: user.name, email: user.email } },
    });
  };

  const upstream = await startUpstream((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      const raw = await readBody(req);
      if (limited.times > 0) {
        limited.times--;
        return send(res, 429, { ok: false, error: 'ratelimited' }, { 'Retry-After': String(limited.seconds) });
      }
      const auth = req.headers.authorization;
      if (!auth) return send(res, 200, { ok: false, error: 'not_authed' });
      if (auth !== `Bearer ${token}`) return send(res, 200, { ok: false, error: 'invalid_auth' });
      if (revoked) return send(res, 200, { ok: false, error: 'token_revoked' });
      if (url.pathname === '/chat.postMessage' && req.method === 'POST') {
        // Slack reads JSON bodies only with this content type (else the arguments look missing).
        if (!req.headers['content-type']?.startsWith('application/json')) return send(res, 200, { ok: false, error: 'invalid_arguments' });
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return send(res, 200, { ok: false, error: 'invalid_json' });
        }
        if (body === null || typeof body !== 'object' || Array.isArray(body)) return send(res, 200, { ok: false, error: 'json_not_object' });
        return postMessage(res, body as Record<string, unknown>);
      }
      // auth.test takes GET or POST and no arguments: who the token is.
      if (url.pathname === '/auth.test') return send(res, 200, { ok: true, ...FAKE_SLACK_IDENTITY });
      if (url.pathname === '/users.lookupByEmail' && req.method === 'GET') return lookupByEmail(res, url.searchParams.get('email'));
      send(res, 404, { ok: false, error: 'unknown_method' });
    })();
  }, port);

  return {
    url: upstream.url,
    token,
    messages,
    channels,
    users,
    requests,
    addChannel: (name, options = {}) => {
      const channel = { id: `C${String(channels.size + 1).padStart(8, '0')}`, name, botIsMember: options.botIsMember ?? true };
      channels.set(channel.id, channel);
      return channel;
    },
    addUser: (user) => {
      const added = { id: `U${String(users.length + 1).padStart(8, '0')}`, ...user };
      users.push(added);
      return added;
    },
    rateLimit: (seconds, times = 1) => {
      limited = { seconds, times };
    },
    revokeToken: () => {
      revoked = true;
    },
    close: () => upstream.close(),
  };
}
