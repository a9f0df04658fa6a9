// One question, one run, one stored answer. The visitor's message and the
// answer's placeholder are stored together, the run starts (the chat
// trigger's input: the message with the conversation's memory), and the
// answer is stored when the run ends, by a watch on the run that does not
// depend on the visitor's connection (a dropped stream loses nothing). If
// this process dies first, the next read of the conversation stores it
// (settleStale), so an answer is never left streaming after its run ended.
import type { Logger } from 'pino';
import { CHAT_ERROR_CODES, chatRunInput, type ChatApp, type ChatMessage, type ChatToolCall, type Conversation } from '@agentflow/shared/chat';
import type { Citation } from '@agentflow/shared/knowledge';
import { isTerminalRunStatus, validateWorkflow, type Workflow } from '@agentflow/shared/workflow';
import type { RunsService } from '../runs/service.js';
import type { RunStreamBus } from '../runs/streams/port.js';
import type { RunWatcher } from '../runs/webhookAnswer/runWatch.js';
import type { StoredRun } from '../runs/runModel.js';
import { answerTextOf } from './answerText.js';
import type { ChatStore } from './store.js';

/** How long the answer's watch waits for its run; a longer run is stored by the next read (settleStale). */
export const ANSWER_WATCH_MS = 15 * 60_000;

export interface ChatAnswersDeps {
  store: ChatStore;
  service: RunsService;
  streams: RunStreamBus;
  watcher: RunWatcher;
  /** The run as stored now (null: none). */
  loadRun: (runId: string) => Promise<StoredRun | null>;
  logger: Logger;
  watchMs?: number;
}

/** Why the run could not start, as the message's code (a refusal's own code when it has one). */
function startErrorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : CHAT_ERROR_CODES.answerFailed;
}

interface Collected {
  stop: () => void;
  toolCalls: () => ChatToolCall[];
  citations: () => Citation[];
}

export class ChatAnswers {
  private readonly closing = new AbortController();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: ChatAnswersDeps) {}

  /** Stores the question, starts its run and returns at once; the answer follows on the stream and in the store. */
  async ask(app: ChatApp, workflow: Workflow, conversation: Conversation, text: string): Promise<{ question: ChatMessage; answer: ChatMessage }> {
    const { store, service } = this.deps;
    const { earlier, question, answer } = await store.addTurn(conversation.id, text);
    const turns = earlier.filter((m) => m.status === 'done' && m.text !== '').map((m) => ({ role: m.role, text: m.text }));
    const trigger = workflow.nodes.find((node) => node.type === 'trigger.chat');
    let runId: string;
    try {
      if (!trigger) throw Object.assign(new Error('The workflow has no chat trigger'), { code: CHAT_ERROR_CODES.noChatTrigger });
      const problem = validateWorkflow(workflow)[0];
      if (problem) throw new Error(`The workflow cannot run: ${problem.message}`);
      // The workspace owner pays (the service asks the workflow's workspace), whoever the visitor is.
      runId = await service.start({
        workflow,
        ownerId: workflow.ownerId,
        // No starter: a signed-in visitor must not become someone who may see the run (mayViewRun lets a run's starter in).
        trigger: { type: 'chat', userId: null, nodeId: trigger.id },
        input: { ...chatRunInput(conversation.id, turns, text, app.memory) },
      });
    } catch (error) {
      this.deps.logger.info({ err: error, appId: app.id, conversationId: conversation.id }, 'a chat answer could not start');
      const errorCode = startErrorCode(error);
      await store.finishAnswer(conversation.id, answer.id, { status: 'failed', text: '', errorCode });
      return { question, answer: { ...answer, status: 'failed', errorCode } };
    }
    await store.setAnswerRun(conversation.id, answer.id, runId);
    this.track(this.settleWhenDone(conversation.id, answer.id, runId, this.collect(runId)));
    return { question, answer: { ...answer, runId } };
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** The tool calls and citations the run streams, kept for the stored answer. */
  private collect(runId: string): Collected {
    const tools = new Map<string, ChatToolCall>();
    const citations: Citation[] = [];
    const stop = this.deps.streams.subscribe(runId, (event) => {
      if (event.type === 'tool') tools.set(event.id, { id: event.id, name: event.name, status: event.status });
      if (event.type === 'citation') citations.push(event.citation);
    });
    return { stop, toolCalls: () => [...tools.values()], citations: () => citations };
  }

  private async settleWhenDone(conversationId: string, messageId: string, runId: string, collected: Collected): Promise<void> {
    try {
      const run = await this.deps.watcher.settled(runId, this.deps.watchMs ?? ANSWER_WATCH_MS, this.closing.signal);
      if (run) await this.store(conversationId, messageId, run, collected);
    } catch (error) {
      this.deps.logger.error({ err: error, runId, conversationId }, 'could not store a chat answer (the next read stores it)');
    } finally {
      collected.stop();
    }
  }

  /** Stores a run's end as its answer (once), then closes its stream. */
  private async store(conversationId: string, messageId: string, run: StoredRun, collected?: Collected): Promise<void> {
    const toolCalls = collected?.toolCalls() ?? [];
    const citations = collected?.citations() ?? [];
    if (run.status === 'succeeded') {
      await this.deps.store.finishAnswer(conversationId, messageId, { status: 'done', text: answerTextOf(run), errorCode: null, citations, toolCalls });
    } else {
      await this.deps.store.finishAnswer(conversationId, messageId, { status: 'failed', text: '', errorCode: run.errorCode ?? CHAT_ERROR_CODES.answerFailed });
    }
    this.deps.streams.publish(run.id, { type: 'end' });
  }

  /** Stores the answers whose runs ended while nobody watched (a restarted instance); returns the messages as they are now. */
  async settleStale(conversationId: string, messages: ChatMessage[]): Promise<ChatMessage[]> {
    let changed = false;
    for (const message of messages) {
      if (message.status !== 'streaming' || !message.runId) continue;
      const run = await this.deps.loadRun(message.runId);
      if (run && isTerminalRunStatus(run.status)) {
        await this.store(conversationId, message.id, run);
        changed = true;
      }
    }
    return changed ? this.deps.store.messagesOf(conversationId) : messages;
  }

  /** Stops the watches (their answers are stored by the next read) after the ones about to finish. */
  async close(): Promise<void> {
    this.closing.abort();
    await Promise.allSettled([...this.pending]);
  }
}
