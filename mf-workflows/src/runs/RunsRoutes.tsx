// The run views' routes, one lazily loaded chunk (WorkflowsApp): the runs page
// (/workflows/:id/runs) and the live run view (/workflows/:id/runs/:runId).
// Both need a signed-in user; their texts load with them.
import { useMemo } from 'react';
import { RequireAuth, useAuth, useParams, useRemoteCatalogs } from '@agentflow/shared';
import { firestoreWorkflowDocs, type WorkflowDocs } from '../api/workflowDocs';
import { RUNS_CATALOGS } from './i18n';
import { RunView } from './RunView';
import { RunsPage } from './RunsPage';
import { useRunsClient } from './RunsClientContext';
import './runs.css';

export interface RunsRouteProps {
  /** Tests inject a fake; by default Firestore. */
  docs?: WorkflowDocs;
}

function RunsPageLoader({ docs }: RunsRouteProps) {
  useRemoteCatalogs(RUNS_CATALOGS);
  const { id = '' } = useParams();
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const name = user?.displayName || user?.email || '';
  // Only load() is used here; the saver is what the builder's docs take.
  const workflowDocs = useMemo(() => docs ?? firestoreWorkflowDocs(() => ({ uid, name })), [docs, uid, name]);
  const client = useRunsClient();
  return <RunsPage key={id} workflowId={id} docs={workflowDocs} client={client} />;
}

function RunViewLoader() {
  useRemoteCatalogs(RUNS_CATALOGS);
  const { id = '', runId = '' } = useParams();
  const client = useRunsClient();
  return <RunView key={runId} workflowId={id} runId={runId} client={client} />;
}

export function RunsRoute({ docs }: RunsRouteProps) {
  return (
    <RequireAuth>
      <RunsPageLoader docs={docs} />
    </RequireAuth>
  );
}

export function RunViewRoute() {
  return (
    <RequireAuth>
      <RunViewLoader />
    </RequireAuth>
  );
}
