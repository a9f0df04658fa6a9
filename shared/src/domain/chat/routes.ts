// platform-api's chat endpoints: the workspace's publishing routes (signed
// in), the visitors' public routes (visitor token) and pages, and the stable
// codes of their refusals, which the widget and the hosted page translate.
// Zod-free (the schemas are in api.ts): the widget bundles this on other
// people's websites and must stay small. Pure: no Node, no Firebase.

const seg = encodeURIComponent;

export const CHAT_API = {
  /** GET ?workspaceId=: the workspace's chat apps. POST: publishes a workflow as one. */
  apps: '/api/chat-apps',
  /** GET, PATCH (settings, status 'paused' | 'published'), DELETE one app. */
  app: (appId: string) => `/api/chat-apps/${seg(appId)}`,
  /** GET: the app's conversations, newest first. */
  conversations: (appId: string) => `/api/chat-apps/${seg(appId)}/conversations`,
  /** GET: one conversation's messages, each answer with its run id. */
  conversation: (appId: string, conversationId: string) => `/api/chat-apps/${seg(appId)}/conversations/${seg(conversationId)}`,
  // -- public (visitors; the widget and the hosted page)
  /** GET: what the widget shows (greeting, questions, name, colour, status). */
  publicApp: (appId: string) => `/api/chat/${seg(appId)}`,
  /** POST {visitorToken?, idToken?}: opens a conversation; {conversationId, visitorToken}. */
  open: (appId: string) => `/api/chat/${seg(appId)}/conversations`,
  /** GET ?token=: the visitor's own conversation. */
  visitorConversation: (appId: string, conversationId: string) => `/api/chat/${seg(appId)}/conversations/${seg(conversationId)}`,
  /** POST {visitorToken, text}: 202 {messageId, runId}; the answer streams from `stream`. */
  send: (appId: string, conversationId: string) => `/api/chat/${seg(appId)}/conversations/${seg(conversationId)}/messages`,
  /** GET ?token= (EventSource): the answer's events (events.ts), from the start. */
  stream: (appId: string, conversationId: string, messageId: string) => `/api/chat/${seg(appId)}/conversations/${seg(conversationId)}/messages/${seg(messageId)}/stream`,
} as const;

/** The visitors' pages platform-api serves beside the API: the widget script any website embeds and the hosted chat page. */
export const CHAT_PAGES = {
  widgetScript: '/widget.js',
  hosted: (appId: string) => `/chat/${seg(appId)}`,
} as const;

export const CHAT_ERROR_CODES = {
  /** The app is paused (503 with the polite message). */
  paused: 'chat_paused',
  /** The page's origin is not one the owner listed (403). */
  originNotAllowed: 'chat_origin_not_allowed',
  /** Too many messages from this visitor or to this app (429). */
  rateLimited: 'chat_rate_limited',
  /** The app requires visitors to sign in (401). */
  signInRequired: 'chat_sign_in_required',
  /** No such app or conversation, or not this visitor's (404: one answer for all). */
  notFound: 'chat_not_found',
  /** The workflow has no chat trigger (400 when publishing). */
  noChatTrigger: 'chat_no_chat_trigger',
  /** The conversation holds CHAT_LIMITS.conversationMessagesMax messages (409): open another. */
  conversationFull: 'chat_conversation_full',
  /** The answer's run could not start or failed (on the message). */
  answerFailed: 'chat_answer_failed',
} as const;

export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[keyof typeof CHAT_ERROR_CODES];
export const CHAT_ERROR_CODE_LIST: readonly ChatErrorCode[] = Object.values(CHAT_ERROR_CODES);

/** What a visitor reads when the app is paused (the widget shows its own translation of the code). */
export const CHAT_PAUSED_MESSAGE = 'This assistant is taking a short break. Please try again later.';
