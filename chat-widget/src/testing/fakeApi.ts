// Test kit: the chat API as a scripted fake (fetch by method and path, and an
// answer stream the test feeds event by event). jsdom has no EventSource and
// the widget's tests are about its DOM; the real routes are tested in
// platform-api with the real service.
import { CHAT_API, type ChatStreamEvent, type PublicChatApp } from '@agentflow/shared/chat-visitor';
import type { OpenStream } from '../client.js';

export const APP_ID = 'app-1';
export const API = 'http://api.test';

export const publicApp = (change: Partial<PublicChatApp> = {}): PublicChatApp => ({
  id: APP_ID,
  status: 'published',
  requireSignIn: false,
  greeting: 'Hello! Ask me about our listings.',
  suggestedQuestions: ['Which flats have a balcony?', 'How do I book a viewing?'],
  appearance: { name: 'Casa Realty', colour: '#0f766e' },
  ...change,
});

export interface Call {
  method: string;
  path: string;
  body: unknown;
  contentType: string | null;
}

type Reply = { status: number; body: unknown } | 'network';

export interface FakeApi {
  fetch: typeof fetch;
  openStream: OpenStream;
  calls: Call[];
  /** Replies for "METHOD path" (path without the query), used in order; the last one repeats. */
  reply: (method: string, path: string, ...replies: Reply[]) => void;
  /** The streams opened so far: push events into one, or break it. */
  streams: { url: string; push: (event: ChatStreamEvent) => void; drop: () => void; closed: boolean }[];
}

export function fakeApi(): FakeApi {
  const routes = new Map<string, Reply[]>();
  const calls: Call[] = [];
  const streams: FakeApi['streams'] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method, path: url.pathname + url.search, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, contentType: headers['Content-Type'] ?? null });
    const queue = routes.get(`${method} ${url.pathname}`);
    const reply = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
    if (reply === 'network') throw new TypeError('Failed to fetch');
    // jsdom has no Response: the part of one the client reads.
    const { status, body } = reply ?? { status: 404, body: { error: 'no route', code: 'chat_not_found' } };
    return { ok: status >= 200 && status < 300, status, json: async () => JSON.parse(JSON.stringify(body)) as unknown } as Response;
  }) as typeof fetch;
  const openStream: OpenStream = (url, onEvent, onBroken) => {
    const stream = {
      url,
      closed: false,
      push: (event: ChatStreamEvent) => {
        if (!stream.closed) onEvent(event);
      },
      drop: () => {
        if (!stream.closed) onBroken();
      },
    };
    streams.push(stream);
    return { close: () => void (stream.closed = true) };
  };
  return {
    fetch: fetchImpl,
    openStream,
    calls,
    streams,
    reply: (method, path, ...replies) => void routes.set(`${method} ${path}`, replies),
  };
}

/** The usual happy path: the app, a conversation, and answers to messages. */
export function publishedApi(app = publicApp()): FakeApi {
  const api = fakeApi();
  api.reply('GET', CHAT_API.publicApp(APP_ID), { status: 200, body: app });
  api.reply('POST', CHAT_API.open(APP_ID), { status: 201, body: { conversationId: 'conv-1', visitorToken: 'visitor-token-1', app } });
  api.reply('POST', CHAT_API.send(APP_ID, 'conv-1'), { status: 202, body: { questionId: 'q-1', message: answer('a-1'), stream: CHAT_API.stream(APP_ID, 'conv-1', 'a-1') } });
  return api;
}

export const answer = (id: string) => ({ id, seq: 1, role: 'assistant', text: '', citations: [], toolCalls: [], status: 'streaming', errorCode: null, createdAt: '2026-11-27T18:00:00.000Z' });

/** Lets pending promises (fetch replies) settle. */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
