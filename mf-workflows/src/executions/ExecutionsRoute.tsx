// /workflows/executions: a lazily loaded chunk (WorkflowsApp). Needs a
// signed-in user; lists the current workspace's runs.
import { RequireAuth, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { RUNS_CATALOGS } from '../runs/i18n';
import { EXECUTIONS_CATALOGS } from './i18n';
import { ExecutionsPage } from './ExecutionsPage';
import '../runs/runs.css';
import './executions.css';

function CurrentWorkspaceExecutions() {
  useRemoteCatalogs(RUNS_CATALOGS);
  useRemoteCatalogs(EXECUTIONS_CATALOGS);
  const { currentId } = useWorkspace();
  return <ExecutionsPage key={currentId} workspace={currentId} />;
}

export function ExecutionsRoute() {
  return (
    <RequireAuth>
      <CurrentWorkspaceExecutions />
    </RequireAuth>
  );
}
