// /workflows/knowledge and /workflows/knowledge/:id: a lazily loaded chunk
// (WorkflowsApp). Signed-in users only; the texts load with the chunk. A
// workspace switch remounts the list, so it never shows another workspace's.
import { RequireAuth, useParams, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { CREDENTIALS_CATALOGS } from '../../credentials/i18n';
import { KNOWLEDGE_CATALOGS } from '../../components/knowledge/i18n';
import { KnowledgeBasePage } from './KnowledgeBasePage';
import { KnowledgeListPage } from './KnowledgeListPage';
import '@agentflow/shared/styles/kit.css';
import '../../components/knowledge/knowledge.css';

function CurrentWorkspaceKnowledge() {
  const { currentId } = useWorkspace();
  return <KnowledgeListPage key={currentId} />;
}

function KnowledgeBaseById({ pollMs }: { pollMs?: number }) {
  const { id = '' } = useParams();
  return <KnowledgeBasePage key={id} id={id} pollMs={pollMs} />;
}

export function KnowledgeListRoute() {
  // The embedding choice names credential types in the credentials texts' words.
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  useRemoteCatalogs(KNOWLEDGE_CATALOGS);
  return (
    <RequireAuth>
      <CurrentWorkspaceKnowledge />
    </RequireAuth>
  );
}

/** `pollMs`: how often sources are fetched again while one processes (tests shorten it). */
export function KnowledgeBaseRoute({ pollMs }: { pollMs?: number } = {}) {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  useRemoteCatalogs(KNOWLEDGE_CATALOGS);
  return (
    <RequireAuth>
      <KnowledgeBaseById pollMs={pollMs} />
    </RequireAuth>
  );
}
