// Chat apps (issue 23, item 2): a workflow published as a chat assistant for
// a website widget or a hosted page. The app, its conversations and their
// messages are written only by platform-api; visitors reach them through the
// public chat routes with a visitor token, never through Firestore.
// Pure: no Node, no Firebase.
import type { Citation } from '../knowledge/model.js';

export const CHAT_COLLECTIONS = {
  apps: 'chatApps',
  conversations: 'chatConversations',
  /** chatConversations/{id}/messages/{messageId}: one turn each. */
  messages: 'messages',
  /** Server-only: the key visitor tokens are signed with (one document). */
  serverKeys: 'chatServerKeys',
} as const;

export const CHAT_APP_STATUSES = ['published', 'paused'] as const;
export type ChatAppStatus = (typeof CHAT_APP_STATUSES)[number];

export const CHAT_LIMITS = {
  nameMax: 80,
  greetingMax: 500,
  suggestedQuestionsMax: 6,
  suggestedQuestionMax: 140,
  allowedOriginsMax: 20,
  messageMax: 4000,
  /** Per visitor (or per signed-in user): messages a minute. */
  perVisitorPerMinuteMax: 120,
  /** Per app: messages a minute, all visitors together. */
  perAppPerMinuteMax: 6000,
  /** Recent turns a run sees whole. */
  memoryWindowMax: 50,
  /** Characters of the summary of older turns. */
  summaryMax: 2000,
  conversationsPageMax: 100,
  /** Conversations one address may open per app and minute. */
  opensPerAddressPerMinute: 30,
  /** Messages (questions and answers) one conversation holds; then the visitor starts another. */
  conversationMessagesMax: 400,
} as const;

export interface ChatRateLimits {
  perVisitorPerMinute: number;
  perAppPerMinute: number;
}

export interface ChatMemoryPolicy {
  /** Recent turns (a visitor message or an answer each) the run gets whole. */
  window: number;
  /** Whether older turns are summarised into `summary` (else dropped). */
  summarize: boolean;
}

export interface ChatAppearance {
  /** Shown in the widget's header (the workspace's name by default). */
  name: string;
  /** #rrggbb. */
  colour: string;
}

export const DEFAULT_CHAT_LIMITS: ChatRateLimits = { perVisitorPerMinute: 10, perAppPerMinute: 300 };
export const DEFAULT_CHAT_MEMORY: ChatMemoryPolicy = { window: 10, summarize: true };
export const DEFAULT_CHAT_COLOUR = '#2563eb';

export interface ChatApp {
  id: string;
  workflowId: string;
  /** The workspace: its owner pays for every conversation (the run's payer). */
  ownerId: string;
  organizationId: string | null;
  status: ChatAppStatus;
  /** Origins (scheme://host[:port]) whose pages may embed the widget; the hosted page's own origin is always allowed. */
  allowedOrigins: string[];
  limits: ChatRateLimits;
  requireSignIn: boolean;
  greeting: string;
  suggestedQuestions: string[];
  appearance: ChatAppearance;
  memory: ChatMemoryPolicy;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** What a visitor's page may know of an app (no workflow, owner or origins). */
export interface PublicChatApp {
  id: string;
  status: ChatAppStatus;
  requireSignIn: boolean;
  greeting: string;
  suggestedQuestions: string[];
  appearance: ChatAppearance;
}

export function publicChatApp(app: ChatApp): PublicChatApp {
  return { id: app.id, status: app.status, requireSignIn: app.requireSignIn, greeting: app.greeting, suggestedQuestions: app.suggestedQuestions, appearance: app.appearance };
}

export interface Conversation {
  id: string;
  appId: string;
  workflowId: string;
  ownerId: string;
  organizationId: string | null;
  /** The visitor token's id: the only one who may read it. */
  visitorId: string;
  /** A signed-in visitor's uid (apps that require sign-in), else null. */
  visitorUid: string | null;
  /** The page's origin when it was opened (null: no Origin header, e.g. the hosted page's same-origin call). */
  origin: string | null;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export const CHAT_MESSAGE_STATUSES = ['streaming', 'done', 'failed'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

export interface ChatToolCall {
  id: string;
  name: string;
  /** 'running' until its result came back. */
  status: 'running' | 'done' | 'failed';
}

export interface ChatMessage {
  id: string;
  /** Order within the conversation (0, 1, …). */
  seq: number;
  role: ChatRole;
  text: string;
  citations: Citation[];
  toolCalls: ChatToolCall[];
  /** The run behind an answer (null for a visitor's message). */
  runId: string | null;
  status: ChatMessageStatus;
  /** Why an answer failed: a stable code the widget translates. */
  errorCode: string | null;
  createdAt: string;
}

/** One turn as a run sees it. */
export interface ChatTurn {
  role: ChatRole;
  text: string;
}
