// platform-api's chat endpoints: the workspace's publishing routes (signed
// in), the visitors' public routes (visitor token), their request schemas (a
// failure is a 400 naming the field) and the stable codes of their refusals,
// which the widget and the hosted page translate. Pure: no Node, no Firebase.
import { z } from 'zod';
import { documentIdSchema } from '../validation/ids.js';
import { CHAT_APP_STATUSES, CHAT_LIMITS } from './model.js';
import { normalizeOrigin } from './origins.js';

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

const text = (max: number) => z.string({ error: 'must be a string' }).trim().max(max, `must be at most ${max} characters`);
const wholeNumber = (min: number, max: number) => z.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const originSchema = z
  .string({ error: 'must be a string' })
  .transform((value, context) => {
    const origin = normalizeOrigin(value);
    if (origin === null) {
      context.addIssue({ code: 'custom', message: 'must be an origin such as https://www.example.com (no path)' });
      return z.NEVER;
    }
    return origin;
  });

const settingsShape = {
  allowedOrigins: z.array(originSchema, { error: 'must be a list of origins' }).max(CHAT_LIMITS.allowedOriginsMax, `must list at most ${CHAT_LIMITS.allowedOriginsMax} origins`),
  limits: z.strictObject({
    perVisitorPerMinute: wholeNumber(1, CHAT_LIMITS.perVisitorPerMinuteMax),
    perAppPerMinute: wholeNumber(1, CHAT_LIMITS.perAppPerMinuteMax),
  }),
  requireSignIn: z.boolean({ error: 'must be true or false' }),
  greeting: text(CHAT_LIMITS.greetingMax),
  suggestedQuestions: z.array(text(CHAT_LIMITS.suggestedQuestionMax).min(1, 'must not be empty'), { error: 'must be a list of questions' }).max(CHAT_LIMITS.suggestedQuestionsMax, `must hold at most ${CHAT_LIMITS.suggestedQuestionsMax} questions`),
  appearance: z.strictObject({
    name: text(CHAT_LIMITS.nameMax).min(1, 'is required'),
    colour: z.string({ error: 'must be a string' }).regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #2563eb'),
  }),
  memory: z.strictObject({ window: wholeNumber(0, CHAT_LIMITS.memoryWindowMax), summarize: z.boolean({ error: 'must be true or false' }) }),
};

export const createChatAppSchema = z.strictObject({
  workflowId: documentIdSchema,
  allowedOrigins: settingsShape.allowedOrigins.default([]),
  limits: settingsShape.limits.optional(),
  requireSignIn: settingsShape.requireSignIn.default(false),
  greeting: settingsShape.greeting.default(''),
  suggestedQuestions: settingsShape.suggestedQuestions.default([]),
  appearance: settingsShape.appearance.optional(),
  memory: settingsShape.memory.optional(),
});

export const updateChatAppSchema = z
  .strictObject({
    status: z.enum(CHAT_APP_STATUSES, { error: `must be one of ${CHAT_APP_STATUSES.map((s) => `'${s}'`).join(', ')}` }).optional(),
    allowedOrigins: settingsShape.allowedOrigins.optional(),
    limits: settingsShape.limits.optional(),
    requireSignIn: settingsShape.requireSignIn.optional(),
    greeting: settingsShape.greeting.optional(),
    suggestedQuestions: settingsShape.suggestedQuestions.optional(),
    appearance: settingsShape.appearance.optional(),
    memory: settingsShape.memory.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { error: 'must change at least one field' });

const visitorToken = z.string({ error: 'must be a string' }).min(1, 'is required').max(200, 'must be at most 200 characters');

export const openConversationSchema = z.strictObject({
  /** A token from an earlier conversation: the same visitor opens another. */
  visitorToken: visitorToken.optional(),
  /** A Firebase ID token: required by apps that require sign-in. */
  idToken: z.string({ error: 'must be a string' }).min(1, 'is required').max(4096, 'must be at most 4096 characters').optional(),
});

export const sendMessageSchema = z.strictObject({
  visitorToken,
  text: text(CHAT_LIMITS.messageMax).min(1, 'is required'),
});

export type CreateChatAppBody = z.infer<typeof createChatAppSchema>;
export type UpdateChatAppBody = z.infer<typeof updateChatAppSchema>;
export type OpenConversationBody = z.infer<typeof openConversationSchema>;
export type SendMessageBody = z.infer<typeof sendMessageSchema>;
