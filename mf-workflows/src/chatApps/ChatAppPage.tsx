// /workflows/chat-apps/:appId: one chat app — pause or resume it, delete it,
// share it (the hosted page's link and the widget's script tag), its
// settings and its conversations.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, PageHeader, useI18n, useNavigate, usePlatform } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { CopyField } from '@agentflow/shared/ui';
import type { ChatApp } from '@agentflow/shared/chat';
import { chatAppLinks, useChatAppsClient } from './chatAppsClient';
import { CA, chatAppsErrorText } from './chatAppsTexts';
import { StatusChip } from './ChatAppsPage';
import { ChatAppSettingsForm } from './ChatAppSettingsForm';
import { ConversationsPanel } from './ConversationsPanel';

function SharePanel({ app }: { app: ChatApp }) {
  const { t } = useI18n();
  const { config } = usePlatform();
  const links = chatAppLinks(config.apis.platform, app.id);
  return (
    <section className="chat-app-share card" data-testid="chat-app-share">
      <h2>{t(`${CA}share.title`)}</h2>
      <h3>{t(`${CA}share.hostedPage`)}</h3>
      <p className="chat-app-link">
        <a href={links.hostedPage} target="_blank" rel="noreferrer">
          {t(`${CA}share.openHosted`)}
        </a>
        <code>{links.hostedPage}</code>
      </p>
      <h3>{t(`${CA}share.embed`)}</h3>
      <p className="muted">{t(`${CA}share.embedHint`)}</p>
      <CopyField value={links.embedSnippet} testId="chat-app-snippet" copyLabel={t(`${CA}share.copy`)} copiedLabel={t(`${CA}share.copied`)} buttonLabel={`${t(`${CA}share.copy`)}: ${t(`${CA}share.embed`)}`} />
    </section>
  );
}

export function ChatAppPage({ appId }: { appId: string }) {
  const { t } = useI18n();
  const client = useChatAppsClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = ['chatApps', 'app', appId];
  const app = useQuery({ queryKey: key, queryFn: () => client.get(appId) });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const saved = (next: ChatApp) => {
    queryClient.setQueryData(key, next);
    void queryClient.invalidateQueries({ queryKey: ['chatApps'] });
  };
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(chatAppsErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  if (app.isPending) return <p role="status">{t(`${CA}loading`)}</p>;
  if (app.isError) {
    return (
      <section className="chat-app">
        <Link to="/workflows/chat-apps">{t(`${CA}back`)}</Link>
        <p className="form-alert" role="alert">
          {chatAppsErrorText(t, app.error)}
        </p>
      </section>
    );
  }
  const current = app.data;
  const paused = current.status === 'paused';
  return (
    <section className="chat-app" data-testid="chat-app-page">
      <Link to="/workflows/chat-apps" className="chat-app-back">
        {t(`${CA}back`)}
      </Link>
      <PageHeader
        title={current.appearance.name}
        actions={
          <>
            <StatusChip app={current} />
            <button type="button" className="button" disabled={busy} onClick={() => void act(async () => saved(await client.update(current.id, { status: paused ? 'published' : 'paused' })))}>
              {paused ? t(`${CA}resume`) : t(`${CA}pause`)}
            </button>
            <button type="button" className="button danger" disabled={busy} onClick={() => setConfirming(true)}>
              {t(`${CA}remove`)}
            </button>
          </>
        }
      />
      {paused ? (
        <p className="chat-app-paused" role="status">
          {t(`${CA}pausedNote`)}
        </p>
      ) : null}
      {failure ? (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      ) : null}
      {/* On phones the conversations come right after the links, before the long settings form. */}
      <div className="chat-app-columns">
        <SharePanel app={current} />
        <ConversationsPanel app={current} />
        <section className="card chat-app-settings-card">
          <ChatAppSettingsForm app={current} onSaved={saved} />
        </section>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t(`${CA}removeTitle`, { name: current.appearance.name })}
          description={t(`${CA}removeText`)}
          confirmLabel={t(`${CA}remove`)}
          cancelLabel={t(`${CA}cancel`)}
          busy={busy}
          error={failure}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            void act(async () => {
              await client.remove(current.id);
              await queryClient.invalidateQueries({ queryKey: ['chatApps'] });
              navigate('/workflows/chat-apps');
            })
          }
        />
      ) : null}
    </section>
  );
}
