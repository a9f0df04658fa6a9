// /workflows/:id — the builder's entry. Only this small file is in the
// catalogue's bundle: the editor (xyflow, its CSS, the workflow model and the
// builder's texts) is a separate chunk loaded on this route.
import { Suspense, lazy, useEffect, useMemo } from 'react';
import { RequireAuth, useAuth, useI18n, useParams } from '@agentflow/shared';
import { firestoreWorkflowDocs, type WorkflowDocs } from '../api/workflowDocs';
import { PageLoading } from '../components/PageLoading';

const loadBuilder = () => import(/* webpackChunkName: "builder" */ './Builder');
const Builder = lazy(loadBuilder);

export interface BuilderRouteProps {
  /** Tests inject a fake; by default Firestore. */
  docs?: WorkflowDocs;
}

export function BuilderRoute({ docs }: BuilderRouteProps) {
  // The editor's chunk is requested now, while the sign-in state resolves, not
  // once RequireAuth lets it render (webpack shares the request with lazy()'s).
  // A visitor not signed in is sent to sign in and comes back here: it is then cached.
  useEffect(() => {
    loadBuilder().catch(() => undefined);
  }, []);
  return (
    <RequireAuth>
      <BuilderLoader docs={docs} />
    </RequireAuth>
  );
}

function BuilderLoader({ docs }: BuilderRouteProps) {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { t } = useI18n();
  const uid = user?.uid ?? '';
  // History rows name who saved a version: the display name, else the e-mail.
  const name = user?.displayName || user?.email || '';
  const workflowDocs = useMemo(() => docs ?? firestoreWorkflowDocs(() => ({ uid, name })), [docs, uid, name]);
  return (
    <Suspense
      fallback={
        <PageLoading label={t('common.loading')} />
      }
    >
      <Builder key={id} workflowId={id} docs={workflowDocs} />
    </Suspense>
  );
}

export default BuilderRoute;
