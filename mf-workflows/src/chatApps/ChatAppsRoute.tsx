// /workflows/chat-apps and /workflows/chat-apps/:appId: a lazily loaded chunk
// (WorkflowsApp). Needs a signed-in user; lists the current workspace's apps.
import { RequireAuth, useParams, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { CHAT_APPS_CATALOGS } from './i18n';
import { ChatAppsPage } from './ChatAppsPage';
import { ChatAppPage } from './ChatAppPage';
import '@agentflow/shared/styles/kit.css';
import './chatApps.css';

function CurrentWorkspaceChatApps() {
  useRemoteCatalogs(CHAT_APPS_CATALOGS);
  const { currentId } = useWorkspace();
  return <ChatAppsPage key={currentId} workspace={currentId} />;
}

function OneChatApp() {
  useRemoteCatalogs(CHAT_APPS_CATALOGS);
  const { appId = '' } = useParams();
  return <ChatAppPage key={appId} appId={appId} />;
}

export function ChatAppsRoute() {
  return (
    <RequireAuth>
      <CurrentWorkspaceChatApps />
    </RequireAuth>
  );
}

export function ChatAppRoute() {
  return (
    <RequireAuth>
      <OneChatApp />
    </RequireAuth>
  );
}
