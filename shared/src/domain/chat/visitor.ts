// What a visitor's client (the chat widget, the hosted page) needs of the
// domain: the public routes and codes, sign-in, the types of what it reads,
// citations and the language choice. Nothing here loads zod or any other
// library (@agentflow/shared/chat-visitor): the widget runs on other
// people's websites. Pure: no Node, no Firebase.
export * from './routes.js';
export * from './visitorSignIn.js';
export type { ChatMessage, ChatToolCall, PublicChatApp } from './model.js';
export type { ChatStreamEvent } from './events.js';
export { citationLabel, type Citation } from '../knowledge/model.js';
export { pickInitialLanguage, type SupportedLanguage } from '../i18n/languages.js';
