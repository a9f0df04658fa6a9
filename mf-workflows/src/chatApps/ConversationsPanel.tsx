// A chat app's conversations, newest first, and one conversation's turns:
// each answer with the passages it cited and a link to the run behind it
// (/workflows/:id/runs/:runId), so the workspace sees what a visitor was told and why.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useI18n } from '@agentflow/shared';
import { citationLabel } from '@agentflow/shared/knowledge';
import type { ChatApp, ChatMessage, Conversation } from '@agentflow/shared/chat';
import { formatTime } from '../runs/runModel';
import { useChatAppsClient } from './chatAppsClient';
import { CA, chatAppsErrorText } from './chatAppsTexts';

const runPath = (workflowId: string, runId: string) => `/workflows/${encodeURIComponent(workflowId)}/runs/${encodeURIComponent(runId)}`;

function Message({ message, workflowId }: { message: ChatMessage; workflowId: string }) {
  const { t } = useI18n();
  const answer = message.role === 'assistant';
  return (
    <li className="chat-turn" data-role={message.role} data-testid="chat-turn">
      <span className="chat-turn-who">{t(`${CA}conversations.${answer ? 'assistant' : 'visitor'}`)}</span>
      <p className="chat-turn-text">{message.text}</p>
      {message.status === 'failed' ? <p className="form-alert">{t(`${CA}conversations.failed`)}</p> : null}
      {message.status === 'streaming' ? <p className="muted">{t(`${CA}conversations.streaming`)}</p> : null}
      {message.citations.length > 0 ? (
        <div className="chat-turn-sources">
          <span className="muted">{t(`${CA}conversations.sources`)}:</span>
          <ol>
            {message.citations.map((citation, index) => (
              <li key={index}>{citationLabel(citation, t(`${CA}conversations.pageWord`))}</li>
            ))}
          </ol>
        </div>
      ) : null}
      {answer && message.runId ? (
        <Link to={runPath(workflowId, message.runId)} className="chat-turn-run">
          {t(`${CA}conversations.viewRun`)}
        </Link>
      ) : null}
    </li>
  );
}

function Thread({ app, conversation, onClose }: { app: ChatApp; conversation: Conversation; onClose: () => void }) {
  const { t } = useI18n();
  const client = useChatAppsClient();
  const thread = useQuery({ queryKey: ['chatApps', 'conversation', app.id, conversation.id], queryFn: () => client.conversation(app.id, conversation.id) });
  return (
    <div className="chat-thread" data-testid="chat-thread">
      <button type="button" className="button" onClick={onClose}>
        {t(`${CA}conversations.close`)}
      </button>
      {thread.isPending ? (
        <p role="status">{t(`${CA}conversations.loading`)}</p>
      ) : thread.isError ? (
        <p className="form-alert" role="alert">
          {chatAppsErrorText(t, thread.error)}
        </p>
      ) : (
        <ol className="chat-turns">
          {thread.data.messages.map((message) => (
            <Message key={message.id} message={message} workflowId={app.workflowId} />
          ))}
        </ol>
      )}
    </div>
  );
}

export function ConversationsPanel({ app }: { app: ChatApp }) {
  const { t, language } = useI18n();
  const client = useChatAppsClient();
  const [open, setOpen] = useState<Conversation | null>(null);
  const conversations = useQuery({ queryKey: ['chatApps', 'conversations', app.id], queryFn: () => client.conversations(app.id), refetchInterval: 15_000 });
  return (
    <section className="chat-conversations card" aria-labelledby="chat-conversations-title" data-testid="chat-conversations">
      <h2 id="chat-conversations-title">{t(`${CA}conversations.title`)}</h2>
      {open ? (
        <Thread app={app} conversation={open} onClose={() => setOpen(null)} />
      ) : conversations.isPending ? (
        <p role="status">{t(`${CA}conversations.loading`)}</p>
      ) : conversations.isError ? (
        <p className="form-alert" role="alert">
          {chatAppsErrorText(t, conversations.error)}
        </p>
      ) : conversations.data.length === 0 ? (
        <p className="muted">{t(`${CA}conversations.empty`)}</p>
      ) : (
        <ul className="chat-conversation-list">
          {conversations.data.map((conversation) => {
            const date = formatTime(conversation.createdAt, language);
            return (
              <li key={conversation.id}>
                <button type="button" className="chat-conversation" onClick={() => setOpen(conversation)} aria-label={t(`${CA}conversations.open`, { date })}>
                  <span>{date}</span>
                  <span className="muted">
                    {t(`${CA}conversations.origin`)}: {conversation.origin ?? t(`${CA}conversations.hosted`)}
                  </span>
                  <span className="muted">
                    {t(`${CA}conversations.messages`)}: {conversation.messageCount}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
