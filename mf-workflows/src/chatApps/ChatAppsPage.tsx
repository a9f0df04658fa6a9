// /workflows/chat-apps: the current workspace's chat apps (cards that work
// on phones and desktops alike) and the form that publishes one of its
// workflows as a chat. Publishing opens the new app's page.
import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, PageHeader, useI18n, useNavigate } from '@agentflow/shared';
import { SelectField } from '@agentflow/shared/ui';
import type { ChatApp } from '@agentflow/shared/chat';
import { formatTime } from '../runs/runModel';
import { useWorkspaceWorkflows } from '../executions/useWorkspaceWorkflows';
import { useChatAppsClient } from './chatAppsClient';
import { CA, chatAppsErrorText } from './chatAppsTexts';

export const chatAppPath = (appId: string) => `/workflows/chat-apps/${encodeURIComponent(appId)}`;
export const chatAppsQueryKey = (workspace: string) => ['chatApps', workspace] as const;

export function StatusChip({ app }: { app: Pick<ChatApp, 'status'> }) {
  const { t } = useI18n();
  return (
    <span className="chat-app-status" data-status={app.status}>
      {t(`${CA}status.${app.status}`)}
    </span>
  );
}

function PublishForm({ workspace }: { workspace: string }) {
  const { t } = useI18n();
  const ids = useId();
  const client = useChatAppsClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workflows = useWorkspaceWorkflows(workspace);
  const [workflowId, setWorkflowId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!workflowId) {
      setError(t(`${CA}errors.required`));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const app = await client.publish({ workflowId });
      await queryClient.invalidateQueries({ queryKey: chatAppsQueryKey(workspace) });
      navigate(chatAppPath(app.id));
    } catch (failure) {
      setError(chatAppsErrorText(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="chat-apps-publish card" onSubmit={(event) => void submit(event)} noValidate data-testid="chat-apps-publish">
      <h2>{t(`${CA}publish.title`)}</h2>
      {workflows.length === 0 ? <p className="muted">{t(`${CA}publish.noWorkflows`)}</p> : null}
      <SelectField id={`${ids}-workflow`} label={t(`${CA}publish.workflow`)} hint={t(`${CA}publish.hint`)} value={workflowId} error={error ?? undefined} onChange={(event) => setWorkflowId(event.target.value)}>
        <option value="">{t(`${CA}publish.chooseWorkflow`)}</option>
        {workflows.map((workflow) => (
          <option key={workflow.id} value={workflow.id}>
            {workflow.name}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? t(`${CA}publish.publishing`) : t(`${CA}publish.submit`)}
      </button>
    </form>
  );
}

export function ChatAppsPage({ workspace }: { workspace: string }) {
  const { t, language } = useI18n();
  const client = useChatAppsClient();
  const workflows = useWorkspaceWorkflows(workspace);
  const apps = useQuery({ queryKey: chatAppsQueryKey(workspace), queryFn: () => client.list(workspace) });
  const workflowName = (id: string) => workflows.find((workflow) => workflow.id === id)?.name ?? id;

  return (
    <section className="chat-apps" data-testid="chat-apps-page">
      <PageHeader title={t(`${CA}title`)} subtitle={t(`${CA}intro`)} />
      <PublishForm workspace={workspace} />
      {apps.isPending ? (
        <p role="status">{t(`${CA}loading`)}</p>
      ) : apps.isError ? (
        <p className="form-alert" role="alert">
          {chatAppsErrorText(t, apps.error)}
        </p>
      ) : apps.data.length === 0 ? (
        <p className="muted" data-testid="chat-apps-empty">
          {t(`${CA}empty`)}
        </p>
      ) : (
        <ul className="chat-apps-list" aria-label={t(`${CA}title`)}>
          {apps.data.map((app) => (
            <li key={app.id} className="chat-app-card card">
              <span className="chat-app-dot" aria-hidden="true" style={{ background: app.appearance.colour }} />
              <div className="chat-app-card-body">
                <Link to={chatAppPath(app.id)} className="chat-app-card-name" aria-label={t(`${CA}open`, { name: app.appearance.name })}>
                  {app.appearance.name}
                </Link>
                <span className="muted">
                  {t(`${CA}columns.workflow`)}: {workflowName(app.workflowId)} · {t(`${CA}columns.updated`)}: {formatTime(app.updatedAt, language)}
                </span>
              </div>
              <StatusChip app={app} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
