// Chat apps, conversations and messages in Firestore (server-only: the rules
// let no browser read or write them; the workspace reads through the
// publishing routes, visitors through the public ones with their token).
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { CHAT_COLLECTIONS, CHAT_LIMITS, type ChatApp, type ChatMessage, type Conversation } from '@agentflow/shared/chat';

const isString = (value: unknown): value is string => typeof value === 'string';

export function decodeChatApp(snapshot: DocumentSnapshot): ChatApp | null {
  const data = snapshot.data();
  if (!snapshot.exists || !data || !isString(data.workflowId) || !isString(data.ownerId)) return null;
  return { ...(data as Omit<ChatApp, 'id'>), id: snapshot.id };
}

export function decodeConversation(snapshot: DocumentSnapshot): Conversation | null {
  const data = snapshot.data();
  if (!snapshot.exists || !data || !isString(data.appId) || !isString(data.visitorId)) return null;
  return { ...(data as Omit<Conversation, 'id'>), id: snapshot.id };
}

function decodeMessage(snapshot: DocumentSnapshot): ChatMessage {
  return { ...(snapshot.data() as Omit<ChatMessage, 'id'>), id: snapshot.id };
}

/** What finishes an answer (once: a second finish of the same message changes nothing). */
export interface AnswerEnd {
  status: 'done' | 'failed';
  text: string;
  errorCode: string | null;
  citations?: ChatMessage['citations'];
  toolCalls?: ChatMessage['toolCalls'];
}

export class ChatStore {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get apps() {
    return this.db.collection(CHAT_COLLECTIONS.apps);
  }

  private get conversations() {
    return this.db.collection(CHAT_COLLECTIONS.conversations);
  }

  private messages(conversationId: string) {
    return this.conversations.doc(conversationId).collection(CHAT_COLLECTIONS.messages);
  }

  async createApp(app: Omit<ChatApp, 'id'>): Promise<ChatApp> {
    const ref = this.apps.doc();
    await ref.create(app);
    return { ...app, id: ref.id };
  }

  async app(appId: string): Promise<ChatApp | null> {
    return decodeChatApp(await this.apps.doc(appId).get());
  }

  /** A workspace's apps, newest first (few per workspace: sorted here, no composite index). */
  async appsOf(workspace: { ownerId: string; organizationId: string | null }): Promise<ChatApp[]> {
    const query = workspace.organizationId ? this.apps.where('organizationId', '==', workspace.organizationId) : this.apps.where('ownerId', '==', workspace.ownerId).where('organizationId', '==', null);
    const snapshot = await query.get();
    return snapshot.docs
      .map(decodeChatApp)
      .filter((app): app is ChatApp => app !== null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async updateApp(appId: string, patch: Partial<Omit<ChatApp, 'id'>>): Promise<ChatApp | null> {
    await this.apps.doc(appId).update({ ...patch, updatedAt: this.now().toISOString() });
    return this.app(appId);
  }

  /** Deletes the app with its conversations and their messages. */
  async deleteApp(appId: string): Promise<void> {
    const conversations = await this.conversations.where('appId', '==', appId).select().get();
    for (const conversation of conversations.docs) await this.db.recursiveDelete(conversation.ref);
    await this.apps.doc(appId).delete();
  }

  async openConversation(conversation: Omit<Conversation, 'id'>): Promise<Conversation> {
    const ref = this.conversations.doc();
    await ref.create(conversation);
    return { ...conversation, id: ref.id };
  }

  async conversation(conversationId: string): Promise<Conversation | null> {
    return decodeConversation(await this.conversations.doc(conversationId).get());
  }

  /** An app's conversations, most recently active first (index: appId, updatedAt desc). */
  async conversationsOf(appId: string, limit: number = CHAT_LIMITS.conversationsPageMax): Promise<Conversation[]> {
    const snapshot = await this.conversations.where('appId', '==', appId).orderBy('updatedAt', 'desc').limit(limit).get();
    return snapshot.docs.map(decodeConversation).filter((c): c is Conversation => c !== null);
  }

  async messagesOf(conversationId: string): Promise<ChatMessage[]> {
    const snapshot = await this.messages(conversationId).orderBy('seq').get();
    return snapshot.docs.map(decodeMessage);
  }

  async message(conversationId: string, messageId: string): Promise<ChatMessage | null> {
    const snapshot = await this.messages(conversationId).doc(messageId).get();
    return snapshot.exists ? decodeMessage(snapshot) : null;
  }

  /** Listens to one message (the answer's end, whichever process stores it). */
  watchMessage(conversationId: string, messageId: string, listener: (message: ChatMessage | null) => void, onError: (error: Error) => void): () => void {
    return this.messages(conversationId)
      .doc(messageId)
      .onSnapshot((snapshot) => listener(snapshot.exists ? decodeMessage(snapshot) : null), onError);
  }

  /**
   * The visitor's message and the answer's placeholder (status 'streaming'),
   * in order after the conversation's earlier turns, which it returns.
   */
  async addTurn(conversationId: string, text: string): Promise<{ earlier: ChatMessage[]; question: ChatMessage; answer: ChatMessage }> {
    const conversationRef = this.conversations.doc(conversationId);
    return this.db.runTransaction(async (tx) => {
      const [conversation, earlierSnapshot] = await Promise.all([tx.get(conversationRef), tx.get(this.messages(conversationId).orderBy('seq'))]);
      const count = Number(conversation.get('messageCount') ?? 0);
      const createdAt = this.now().toISOString();
      const base = { citations: [], toolCalls: [], errorCode: null, createdAt };
      const questionRef = this.messages(conversationId).doc();
      const answerRef = this.messages(conversationId).doc();
      const question: Omit<ChatMessage, 'id'> = { ...base, seq: count, role: 'user', text, runId: null, status: 'done' };
      const answer: Omit<ChatMessage, 'id'> = { ...base, seq: count + 1, role: 'assistant', text: '', runId: null, status: 'streaming' };
      tx.create(questionRef, question);
      tx.create(answerRef, answer);
      tx.update(conversationRef, { messageCount: count + 2, updatedAt: createdAt });
      return { earlier: earlierSnapshot.docs.map(decodeMessage), question: { ...question, id: questionRef.id }, answer: { ...answer, id: answerRef.id } };
    });
  }

  async setAnswerRun(conversationId: string, messageId: string, runId: string): Promise<void> {
    await this.messages(conversationId).doc(messageId).update({ runId });
  }

  /** Stores the answer's end unless it has one already; true when this call stored it. */
  async finishAnswer(conversationId: string, messageId: string, end: AnswerEnd): Promise<boolean> {
    const ref = this.messages(conversationId).doc(messageId);
    return this.db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (!current.exists || current.get('status') !== 'streaming') return false;
      tx.update(ref, {
        status: end.status,
        text: end.text,
        errorCode: end.errorCode,
        ...(end.citations ? { citations: end.citations } : {}),
        ...(end.toolCalls ? { toolCalls: end.toolCalls } : {}),
      });
      return true;
    });
  }
}
