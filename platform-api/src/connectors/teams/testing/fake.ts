// A fake Microsoft Teams incoming webhook (test code): a loopback server
// whose one webhook URL takes Adaptive Card messages and answers as Teams
// does — 200 with the body "1" when delivered, 400 "Bad payload received by
// generic incoming webhook." for anything else, 429 when a test throttles
// it, and (like the older connector webhooks) 200 with an error text when
// the message is over Teams' 28 KB limit. Tests read the cards it received.
import type http from 'node:http';
import { startUpstream } from '../../../testing/upstream';

export const TEAMS_BAD_PAYLOAD = 'Bad payload received by generic incoming webhook.';
const MAX_BYTES = 28 * 1024;

export interface FakeTeamsMessage {
  /** The TextBlocks' texts, in order. */
  texts: string[];
  /** The whole payload as posted. */
  payload: unknown;
}

export interface FakeTeams {
  url: string;
  /** The webhook's URL (the credential's secret). */
  webhookUrl: string;
  messages: FakeTeamsMessage[];
  requests: number;
  /** The next `times` posts get 429 (with Retry-After: `seconds` when given). */
  throttle(times: number, seconds?: number): void;
  /** The next post is refused with 400 and this text (default: Teams' words for a payload it cannot read). */
  refuseNext(text?: string): void;
  /** The webhook's path (a refusal text may quote it, as some gateways do). */
  path: string;
  close(): Promise<void>;
}

function text(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

/** The TextBlocks of a Teams Adaptive Card message, or null when Teams would call it a bad payload. */
function cardTexts(payload: unknown): string[] | null {
  const message = payload as { type?: unknown; attachments?: unknown } | null;
  if (message?.type !== 'message' || !Array.isArray(message.attachments) || message.attachments.length === 0) return null;
  const texts: string[] = [];
  for (const attachment of message.attachments as { contentType?: unknown; content?: { type?: unknown; version?: unknown; body?: unknown } }[]) {
    if (attachment.contentType !== 'application/vnd.microsoft.card.adaptive') return null;
    const card = attachment.content;
    if (card?.type !== 'AdaptiveCard' || typeof card.version !== 'string' || !Array.isArray(card.body)) return null;
    for (const element of card.body as { type?: unknown; text?: unknown }[]) {
      if (element.type !== 'TextBlock' || typeof element.text !== 'string') return null;
      texts.push(element.text);
    }
  }
  return texts;
}

export async function startFakeTeams(): Promise<FakeTeams> {
  const path = '/webhookb2/3f0c9a2e-1111-4a4a-9e9e-0123456789ab@72f988bf-86f1-41af-91ab-2d7cd011db47/IncomingWebhook/5c3e1d0b9a8f4e7d/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
  const messages: FakeTeamsMessage[] = [];
  let throttled = { times: 0, seconds: undefined as number | undefined };
  let requests = 0;
  let refuse: string | null = null;
  const upstream = await startUpstream((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests++;
      if (req.method !== 'POST' || req.url !== path) return text(res, 404, 'Not Found');
      if (throttled.times > 0) {
        throttled.times--;
        return text(res, 429, 'Microsoft Teams endpoint returned HTTP error 429 with ContextId tcid=0,server=msgapi-fake,cv=fake.0.', throttled.seconds === undefined ? {} : { 'Retry-After': String(throttled.seconds) });
      }
      if (refuse !== null) {
        const refusal = refuse;
        refuse = null;
        return text(res, 400, refusal);
      }
      const raw = Buffer.concat(chunks);
      if (raw.length > MAX_BYTES) return text(res, 200, 'Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 413 with ContextId tcid=0,server=msgapi-fake,cv=fake.0.');
      let payload: unknown;
      try {
        if (!req.headers['content-type']?.startsWith('application/json')) throw new Error('not JSON');
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return text(res, 400, TEAMS_BAD_PAYLOAD);
      }
      const texts = cardTexts(payload);
      if (!texts) return text(res, 400, TEAMS_BAD_PAYLOAD);
      messages.push({ texts, payload });
      text(res, 200, '1');
    });
  });
  return {
    url: upstream.url,
    webhookUrl: `${upstream.url}${path}`,
    messages,
    get requests() {
      return requests;
    },
    throttle: (times, seconds) => {
      throttled = { times, seconds };
    },
    path,
    refuseNext: (refusal = TEAMS_BAD_PAYLOAD) => {
      refuse = refusal;
    },
    close: () => upstream.close(),
  };
}
