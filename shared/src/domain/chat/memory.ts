// Conversation memory: what a chat run gets as its input. The last `window`
// turns whole, and the older ones folded into a summary. The summary is made
// here without a model call (a conversation costs no extra tokens and the
// same turns always give the same summary): each older turn's first sentence,
// oldest dropped first when the summary outgrows CHAT_LIMITS.summaryMax.
import { CHAT_LIMITS, type ChatMemoryPolicy, type ChatTurn } from './model.js';

/** The input of a run the chat trigger starts. */
export interface ChatRunInput {
  message: string;
  /** The recent turns before this message, oldest first. */
  history: ChatTurn[];
  /** The older turns in brief ('' when there are none or the policy keeps none). */
  summary: string;
  conversationId: string;
}

const SENTENCE_MAX = 160;

function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?](\s|$)/);
  const sentence = end === -1 ? flat : flat.slice(0, end + 1);
  return sentence.length > SENTENCE_MAX ? `${sentence.slice(0, SENTENCE_MAX - 1)}…` : sentence;
}

/** Older turns in brief, newest kept when they do not all fit. */
export function summarizeTurns(turns: readonly ChatTurn[], max: number = CHAT_LIMITS.summaryMax): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    const line = `${turn.role === 'user' ? 'Visitor' : 'Assistant'}: ${firstSentence(turn.text)}`;
    if (length + line.length + 1 > max) break;
    lines.unshift(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * The run input for `message` after the conversation's earlier turns
 * (oldest first, the new message not among them).
 */
export function chatRunInput(conversationId: string, earlier: readonly ChatTurn[], message: string, policy: ChatMemoryPolicy): ChatRunInput {
  const window = Math.max(0, Math.min(policy.window, CHAT_LIMITS.memoryWindowMax));
  const cut = Math.max(0, earlier.length - window);
  const history = earlier.slice(cut).map((turn) => ({ role: turn.role, text: turn.text }));
  const summary = policy.summarize ? summarizeTurns(earlier.slice(0, cut)) : '';
  return { message, history, summary, conversationId };
}
