// One visitor's chat with one app, without the DOM: loads the app, keeps the
// visitor token (localStorage, so a returning visitor is the same visitor),
// opens a conversation on the first question, sends messages and folds the
// answer's stream events into the turn as they come. The view renders
// `state` after every change.
import type { ChatStreamEvent, ChatToolCall, PublicChatApp } from '@agentflow/shared/chat-visitor';
import type { Citation } from '@agentflow/shared/chat-visitor';
import { ChatError, type ChatClient, type StreamHandle, type VisitorMessage } from './client.js';
import { errorKeyOf, type ErrorKey } from './i18n.js';

export interface Turn {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  citations: Citation[];
  tools: ChatToolCall[];
  status: 'sending' | 'streaming' | 'done' | 'failed';
  error: ErrorKey | null;
  /** The question a failed turn retries. */
  question: string | null;
}

/** What a visitor of an app that requires sign-in is shown first: a form (hosted page), a link to the hosted page (widget), or nothing. */
export type SignInStep = 'none' | 'form' | 'link';

export interface SessionState {
  phase: 'loading' | 'ready' | 'unavailable';
  app: PublicChatApp | null;
  /** Why nothing can be sent (paused, origin not allowed…), shown instead of the form. */
  notice: ErrorKey | null;
  turns: Turn[];
  signIn: SignInStep;
  /** The last sign-in attempt's refusal. */
  signInError: ErrorKey | null;
  signingIn: boolean;
}

export interface Stored {
  visitorToken: string | null;
  conversationId: string | null;
}

/** The visitor's token and conversation per app, in the page's localStorage (nothing when it is unavailable). */
export function visitorStorage(storage: Storage | null, appId: string): { read: () => Stored; write: (value: Stored) => void } {
  const key = `agentflow.chat.${appId}`;
  return {
    read: () => {
      try {
        const value = JSON.parse(storage?.getItem(key) ?? 'null') as Partial<Stored> | null;
        return { visitorToken: typeof value?.visitorToken === 'string' ? value.visitorToken : null, conversationId: typeof value?.conversationId === 'string' ? value.conversationId : null };
      } catch {
        return { visitorToken: null, conversationId: null };
      }
    },
    write: (value) => {
      try {
        storage?.setItem(key, JSON.stringify(value));
      } catch {
        // Private mode or a full quota: the visitor is new on the next visit.
      }
    },
  };
}

/** Reconnections of a dropped stream before the turn shows the network error. */
export const STREAM_RECONNECTS = 3;
/** Errors that stop the whole chat rather than one message. */
const BLOCKING: readonly ErrorKey[] = ['paused', 'originNotAllowed'];

const codeOf = (error: unknown) => (error instanceof ChatError ? error.code : 'unknown');
/** The client's own codes (network, sign-in) are keys already; the service's are translated by code. */
const CLIENT_KEYS: readonly ErrorKey[] = ['network', 'signInFailed', 'signInBlocked'];
const keyOf = (error: unknown): ErrorKey => {
  const code = codeOf(error);
  return (CLIENT_KEYS as readonly string[]).includes(code) ? (code as ErrorKey) : errorKeyOf(code);
};

const fromStored = (message: VisitorMessage): Turn => ({
  id: message.id,
  role: message.role,
  text: message.text,
  citations: [...message.citations],
  tools: [...message.toolCalls],
  status: message.status,
  error: message.status === 'failed' ? errorKeyOf(message.errorCode) : null,
  question: null,
});

export class ChatSession {
  state: SessionState = { phase: 'loading', app: null, notice: null, turns: [], signIn: 'none', signInError: null, signingIn: false };
  private stored: Stored;
  /** The signed-in visitor's ID token: in memory only, used once to open a conversation. */
  private idToken: string | null = null;
  private readonly streams = new Set<StreamHandle>();
  private localIds = 0;

  constructor(
    private readonly client: ChatClient,
    private readonly storage: ReturnType<typeof visitorStorage>,
    private readonly onChange: (state: SessionState) => void,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.stored = storage.read();
  }

  get busy(): boolean {
    return this.state.turns.some((turn) => turn.status === 'sending' || turn.status === 'streaming');
  }

  /** Asks the visitor to sign in: here when the client can (the hosted page), else on the hosted page. */
  private needSignIn(): void {
    this.idToken = null;
    this.update({ signIn: this.client.signIn ? 'form' : 'link', signInError: null });
  }

  /** Signs the visitor in (hosted page); the next question opens the conversation as them. */
  async signInWith(email: string, password: string): Promise<void> {
    if (!this.client.signIn || this.state.signingIn) return;
    this.update({ signingIn: true, signInError: null });
    try {
      this.idToken = await this.client.signIn(email.trim(), password);
      this.update({ signIn: 'none', signingIn: false });
    } catch (error) {
      this.update({ signingIn: false, signInError: keyOf(error) });
    }
  }

  async start(): Promise<void> {
    try {
      const app = await this.client.publicApp();
      this.update({ app, phase: 'ready', notice: app.status === 'paused' ? 'paused' : null });
    } catch (error) {
      this.update({ phase: 'unavailable', notice: keyOf(error) });
      return;
    }
    const { conversationId, visitorToken } = this.stored;
    // Signed in before: the stored conversation goes on as theirs (the service checked them when it opened).
    if (this.state.app?.requireSignIn && (!conversationId || !visitorToken)) this.needSignIn();
    if (!conversationId || !visitorToken) return;
    try {
      const messages = await this.client.conversation(conversationId, visitorToken);
      this.update({ turns: messages.map(fromStored) });
      for (const turn of this.state.turns) if (turn.status === 'streaming') this.follow(turn.id, 0);
    } catch {
      // Gone or not this visitor's: the next question opens a new one with the same token.
      this.remember({ conversationId: null });
    }
  }

  /** Sends a question; its answer streams into a new turn. */
  async ask(raw: string): Promise<void> {
    const text = raw.trim();
    if (!text || this.busy || this.state.phase !== 'ready' || this.state.notice || this.state.signIn !== 'none') return;
    const question = this.push({ role: 'user', text, status: 'sending', question: text });
    try {
      const sent = await this.sendOnce(text);
      this.patch(question.id, { id: sent.questionId ?? question.id, status: 'done', question: null });
      const answer = this.push({ ...fromStored(sent.message), status: 'streaming', question: text });
      this.follow(answer.id, 0);
    } catch (error) {
      const key = keyOf(error);
      if (key === 'conversationFull') this.remember({ conversationId: null });
      if (BLOCKING.includes(key)) this.update({ notice: key });
      // Not signed in (or the sign-in expired): sign in, then the question can be asked again (retry).
      if (key === 'signInRequired') this.needSignIn();
      this.patch(question.id, { status: 'failed', error: key });
    }
  }

  /** Asks a failed turn's question again (the failed turn and its question leave the list). */
  async retry(turnId: string): Promise<void> {
    const index = this.state.turns.findIndex((turn) => turn.id === turnId);
    const turn = this.state.turns[index];
    if (!turn || turn.status !== 'failed' || !turn.question) return;
    const drop = turn.role === 'assistant' && this.state.turns[index - 1]?.role === 'user' ? 2 : 1;
    this.update({ turns: this.state.turns.filter((_each, i) => i > index || i <= index - drop) });
    await this.ask(turn.question);
  }

  /** Forgets the conversation (the visitor token stays): the next question opens a new one. */
  restart(): void {
    this.closeStreams();
    this.remember({ conversationId: null });
    this.update({ turns: [], notice: this.state.notice === 'conversationFull' ? null : this.state.notice });
    // A new conversation of an app that requires sign-in is opened by a signed-in visitor.
    if (this.state.app?.requireSignIn && !this.idToken) this.needSignIn();
  }

  dispose(): void {
    this.closeStreams();
  }

  private async sendOnce(text: string, reopened = false): Promise<{ questionId?: string; message: VisitorMessage }> {
    if (!this.stored.conversationId || !this.stored.visitorToken) {
      const opened = await this.client.open(this.stored.visitorToken, this.idToken);
      this.remember({ conversationId: opened.conversationId, visitorToken: opened.visitorToken });
    }
    try {
      return await this.client.send(this.stored.conversationId!, this.stored.visitorToken!, text);
    } catch (error) {
      // The stored conversation is gone (or the token expired): open a new one, once.
      if (reopened || codeOf(error) !== 'chat_not_found') throw error;
      this.remember({ conversationId: null });
      return this.sendOnce(text, true);
    }
  }

  private follow(turnId: string, attempt: number): void {
    const { visitorToken: token, conversationId } = this.stored;
    if (!token || !conversationId) return;
    let handle: StreamHandle | null = null;
    const finish = () => {
      if (handle) this.streams.delete(handle);
      handle?.close();
    };
    handle = this.client.stream(
      conversationId,
      turnId,
      token,
      (event) => {
        if (this.apply(turnId, event)) finish();
      },
      () => {
        finish();
        if (this.turn(turnId)?.status !== 'streaming') return;
        if (attempt >= STREAM_RECONNECTS) {
          this.patch(turnId, { status: 'failed', error: 'network' });
          return;
        }
        // The stream replays from the start (and `done` carries the whole answer): begin the text again.
        void this.wait(500 * (attempt + 1)).then(() => {
          this.patch(turnId, { text: '', tools: [], citations: [] });
          this.follow(turnId, attempt + 1);
        });
      },
    );
    this.streams.add(handle);
  }

  /** Folds one stream event into its turn; true when it was the last one. */
  private apply(turnId: string, event: ChatStreamEvent): boolean {
    const turn = this.turn(turnId);
    if (!turn) return true;
    switch (event.type) {
      case 'token':
        this.patch(turnId, { text: turn.text + event.text });
        return false;
      case 'tool': {
        const { id, name, status } = event;
        const known = turn.tools.some((tool) => tool.id === id);
        this.patch(turnId, { tools: known ? turn.tools.map((tool) => (tool.id === id ? { id, name, status } : tool)) : [...turn.tools, { id, name, status }] });
        return false;
      }
      case 'citation': {
        const same = (other: Citation) => other.sourceId === event.citation.sourceId && other.page === event.citation.page && other.headings.join('\u0000') === event.citation.headings.join('\u0000');
        if (!turn.citations.some(same)) this.patch(turnId, { citations: [...turn.citations, event.citation] });
        return false;
      }
      case 'done':
        this.patch(turnId, { text: event.text, status: 'done', question: null });
        return true;
      case 'error':
        this.patch(turnId, { status: 'failed', error: errorKeyOf(event.code) });
        return true;
    }
  }

  private turn(id: string): Turn | undefined {
    return this.state.turns.find((turn) => turn.id === id);
  }

  private push(partial: Partial<Turn> & Pick<Turn, 'role' | 'text' | 'status'>): Turn {
    const turn: Turn = { id: `local-${++this.localIds}`, citations: [], tools: [], error: null, question: null, ...partial };
    this.update({ turns: [...this.state.turns, turn] });
    return turn;
  }

  private patch(id: string, change: Partial<Turn>): void {
    this.update({ turns: this.state.turns.map((turn) => (turn.id === id ? { ...turn, ...change } : turn)) });
  }

  private remember(change: Partial<Stored>): void {
    this.stored = { ...this.stored, ...change };
    this.storage.write(this.stored);
  }

  private update(change: Partial<SessionState>): void {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }

  private closeStreams(): void {
    for (const handle of this.streams) handle.close();
    this.streams.clear();
  }
}
