// The visitors' chat API as the widget calls it (CHAT_API's public half).
// Every request is CORS-simple (GET, or POST with JSON in a text/plain body)
// so a website on another origin needs no preflight; the answer streams over
// EventSource (the token in ?token=, as EventSource sends no headers).
import { CHAT_API, type ChatMessage, type ChatStreamEvent, type PublicChatApp } from '@agentflow/shared/chat';

/** A refusal: the service's stable code (CHAT_ERROR_CODES), or 'network' when it could not be reached. */
export class ChatError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code);
  }
}

export type VisitorMessage = Omit<ChatMessage, 'runId'>;

export interface StreamHandle {
  close: () => void;
}

/** Opens an event stream; `onBroken` when it drops before its final event. */
export type OpenStream = (url: string, onEvent: (event: ChatStreamEvent) => void, onBroken: () => void) => StreamHandle;

export interface ChatClient {
  publicApp: () => Promise<PublicChatApp>;
  open: (visitorToken: string | null) => Promise<{ conversationId: string; visitorToken: string }>;
  conversation: (conversationId: string, visitorToken: string) => Promise<VisitorMessage[]>;
  send: (conversationId: string, visitorToken: string, text: string) => Promise<{ questionId?: string; message: VisitorMessage }>;
  /** The answer `messageId`'s events, from the start. */
  stream: (conversationId: string, messageId: string, visitorToken: string, onEvent: (event: ChatStreamEvent) => void, onBroken: () => void) => StreamHandle;
}

const EVENT_TYPES = ['token', 'tool', 'citation', 'done', 'error'] as const;

/** The browser's EventSource: each named SSE event carries its ChatStreamEvent as JSON. */
export const eventSourceStream: OpenStream = (url, onEvent, onBroken) => {
  const source = new EventSource(url);
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (message) => {
      try {
        onEvent(JSON.parse((message as MessageEvent<string>).data) as ChatStreamEvent);
      } catch {
        // A malformed event is skipped: `done` carries the whole answer anyway.
      }
    });
  }
  // EventSource would reconnect by itself and replay the stream: the session decides instead.
  source.onerror = () => {
    source.close();
    onBroken();
  };
  return { close: () => source.close() };
};

export function chatClient(apiBase: string, appId: string, fetchImpl: typeof fetch, openStream: OpenStream): ChatClient {
  const url = (path: string) => `${apiBase.replace(/\/$/, '')}${path}`;
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetchImpl(
        url(path),
        body === undefined ? { method: 'GET' } : { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) },
      );
    } catch {
      throw new ChatError('network', 0);
    }
    const json = (await response.json().catch(() => ({}))) as { code?: unknown };
    if (!response.ok) throw new ChatError(typeof json.code === 'string' ? json.code : 'unknown', response.status);
    return json as T;
  };
  return {
    publicApp: () => call<PublicChatApp>(CHAT_API.publicApp(appId)),
    open: (visitorToken) => call(CHAT_API.open(appId), visitorToken ? { visitorToken } : {}),
    conversation: async (conversationId, visitorToken) =>
      (await call<{ messages: VisitorMessage[] }>(`${CHAT_API.visitorConversation(appId, conversationId)}?token=${encodeURIComponent(visitorToken)}`)).messages,
    send: (conversationId, visitorToken, text) => call(CHAT_API.send(appId, conversationId), { visitorToken, text }),
    stream: (conversationId, messageId, visitorToken, onEvent, onBroken) =>
      openStream(url(`${CHAT_API.stream(appId, conversationId, messageId)}?token=${encodeURIComponent(visitorToken)}`), onEvent, onBroken),
  };
}
