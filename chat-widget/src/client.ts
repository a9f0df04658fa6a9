// The visitors' chat API as the widget calls it (CHAT_API's public half).
// Every request is CORS-simple (GET, or POST with JSON in a text/plain body)
// so a website on another origin needs no preflight; the answer streams over
// EventSource (the token in ?token=, as EventSource sends no headers).
import { CHAT_API, signInWithPasswordUrl, visitorSignInFailure, type ChatMessage, type ChatStreamEvent, type PublicChatApp, type VisitorSignInConfig } from '@agentflow/shared/chat-visitor';

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
  /** Opens a conversation; `idToken` when the app requires visitors to sign in. */
  open: (visitorToken: string | null, idToken?: string | null) => Promise<{ conversationId: string; visitorToken: string }>;
  conversation: (conversationId: string, visitorToken: string) => Promise<VisitorMessage[]>;
  send: (conversationId: string, visitorToken: string, text: string) => Promise<{ questionId?: string; message: VisitorMessage }>;
  /** The answer `messageId`'s events, from the start. */
  stream: (conversationId: string, messageId: string, visitorToken: string, onEvent: (event: ChatStreamEvent) => void, onBroken: () => void) => StreamHandle;
  /**
   * Signs the visitor in with the platform's Firebase Auth (REST) and gives the ID token; a ChatError
   * 'signInFailed' | 'signInBlocked' | 'network' otherwise. Only on the hosted page (visitorSignIn.ts says why).
   */
  signIn?: (email: string, password: string) => Promise<string>;
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

/** Firebase Auth's accounts:signInWithPassword: the ID token, or the refusal as what the visitor is told. */
function passwordSignIn(config: VisitorSignInConfig, fetchImpl: typeof fetch): NonNullable<ChatClient['signIn']> {
  return async (email, password) => {
    let response: Response;
    try {
      response = await fetchImpl(signInWithPasswordUrl(config), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }) });
    } catch {
      throw new ChatError('network', 0);
    }
    const json = (await response.json().catch(() => ({}))) as { idToken?: unknown; error?: { message?: unknown } };
    if (response.ok && typeof json.idToken === 'string') return json.idToken;
    throw new ChatError(response.status >= 500 ? 'network' : visitorSignInFailure(json.error?.message), response.status);
  };
}

export function chatClient(apiBase: string, appId: string, fetchImpl: typeof fetch, openStream: OpenStream, signIn: VisitorSignInConfig | null = null): ChatClient {
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
    open: (visitorToken, idToken) => call(CHAT_API.open(appId), { ...(visitorToken ? { visitorToken } : {}), ...(idToken ? { idToken } : {}) }),
    conversation: async (conversationId, visitorToken) =>
      (await call<{ messages: VisitorMessage[] }>(`${CHAT_API.visitorConversation(appId, conversationId)}?token=${encodeURIComponent(visitorToken)}`)).messages,
    send: (conversationId, visitorToken, text) => call(CHAT_API.send(appId, conversationId), { visitorToken, text }),
    stream: (conversationId, messageId, visitorToken, onEvent, onBroken) =>
      openStream(url(`${CHAT_API.stream(appId, conversationId, messageId)}?token=${encodeURIComponent(visitorToken)}`), onEvent, onBroken),
    ...(signIn ? { signIn: passwordSignIn(signIn, fetchImpl) } : {}),
  };
}
