// /workflows/dashboard: a lazily loaded chunk (WorkflowsApp), where a user
// lands after signing in. Needs a signed-in user; shows the current workspace.
import { RequireAuth, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { DASHBOARD_CATALOGS } from './i18n';
import { DashboardPage } from './DashboardPage';
import './dashboard.css';

function CurrentWorkspaceDashboard() {
  useRemoteCatalogs(DASHBOARD_CATALOGS);
  const { currentId } = useWorkspace();
  return <DashboardPage key={currentId} workspace={currentId} />;
}

export function DashboardRoute() {
  return (
    <RequireAuth>
      <CurrentWorkspaceDashboard />
    </RequireAuth>
  );
}
