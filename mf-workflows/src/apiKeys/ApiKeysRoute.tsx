// /workflows/api-keys: a lazily loaded chunk (WorkflowsApp). Needs a signed-in
// user; shows the current workspace's keys.
import { RequireAuth, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { API_KEYS_CATALOGS } from './i18n';
import { ApiKeysPage } from './ApiKeysPage';
import '@agentflow/shared/styles/kit.css';
import './apiKeys.css';

function CurrentWorkspaceApiKeys() {
  useRemoteCatalogs(API_KEYS_CATALOGS);
  const { currentId } = useWorkspace();
  // A new workspace is a new page: a shown secret never carries over.
  return <ApiKeysPage key={currentId} workspace={currentId} />;
}

export function ApiKeysRoute() {
  return (
    <RequireAuth>
      <CurrentWorkspaceApiKeys />
    </RequireAuth>
  );
}
