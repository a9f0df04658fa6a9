// What the answer stream (SSE) carries to a visitor while a run answers:
// its text piece by piece, the tools it calls and the passages it cites as
// they happen, then the end. The `event:` names of the SSE wire are these types.
import type { Citation } from '../knowledge/model.js';

export type ChatStreamEvent =
  | { type: 'token'; text: string }
  | { type: 'tool'; id: string; name: string; status: 'running' | 'done' | 'failed' }
  | { type: 'citation'; citation: Citation }
  /** The answer as stored (the SSE ends after it). */
  | { type: 'done'; messageId: string; text: string }
  | { type: 'error'; messageId: string; code: string; message: string };

export const CHAT_STREAM_EVENT_TYPES = ['token', 'tool', 'citation', 'done', 'error'] as const;

export const isFinalChatEvent = (event: ChatStreamEvent): boolean => event.type === 'done' || event.type === 'error';
