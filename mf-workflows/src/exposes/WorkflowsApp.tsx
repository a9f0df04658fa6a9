// Federated entry: the shell mounts this under its route ('/workflows/*') and
// the remote owns the routes below it: the catalogue at the index, the
// builder at ':id', the credentials page at 'credentials', a workflow's runs at ':id/runs' and one live run at
// ':id/runs/:runId'. The builder (React Flow and its forms) is a separate chunk
// that loads only on its route, so the catalogue's first view stays small.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { isOnline, Route, Routes, useI18n } from '@agentflow/shared';
import type { CatalogueSource } from '../api/catalogue';
import { CatalogueSourceProvider } from '../components/CatalogueSourceContext';
import { WorkflowsTexts } from '../i18n/WorkflowsTexts';
import { PageLoading } from '../components/PageLoading';
import { CatalogueSkeleton } from '../components/CatalogueSkeleton';

// The catalogue is a chunk of its own too: the builder's and the runs' first views do not carry it.
const WorkflowsPage = lazy(() => import(/* webpackChunkName: "catalogue" */ '../pages/WorkflowsPage').then((module) => ({ default: module.WorkflowsPage })));
const BuilderRoute = lazy(() => import('../builder/BuilderRoute').then((module) => ({ default: module.BuilderRoute })));
// The run views (form, history, live run) are one more chunk, loaded on their routes.
const RunsRoute = lazy(() => import(/* webpackChunkName: "runs" */ '../runs/RunsRoutes').then((module) => ({ default: module.RunsRoute })));
const RunViewRoute = lazy(() => import(/* webpackChunkName: "runs" */ '../runs/RunsRoutes').then((module) => ({ default: module.RunViewRoute })));
// The credentials page (/workflows/credentials) is its own chunk too.
const CredentialsRoute = lazy(() => import(/* webpackChunkName: "credentials" */ '../credentials/CredentialsPage').then((module) => ({ default: module.CredentialsRoute })));
// The approval inbox (/workflows/approvals) and the one-click link page (/workflows/approvals/decide): one chunk.
const ApprovalInboxRoute = lazy(() => import(/* webpackChunkName: "approvals" */ '../approvals/ApprovalsRoutes').then((module) => ({ default: module.ApprovalInboxRoute })));
const ApprovalLinkRoute = lazy(() => import(/* webpackChunkName: "approvals" */ '../approvals/ApprovalsRoutes').then((module) => ({ default: module.ApprovalLinkRoute })));

// The executions page (/workflows/executions) and the dashboard (/workflows/dashboard, its chart a chunk of its own): one chunk each.
const ExecutionsRoute = lazy(() => import(/* webpackChunkName: "executions" */ '../executions/ExecutionsRoute').then((module) => ({ default: module.ExecutionsRoute })));
// The Knowledge page (/workflows/knowledge and /workflows/knowledge/:id): one chunk.
const KnowledgeListRoute = lazy(() => import(/* webpackChunkName: "knowledge" */ '../pages/knowledge/KnowledgeRoutes').then((module) => ({ default: module.KnowledgeListRoute })));
const KnowledgeBaseRoute = lazy(() => import(/* webpackChunkName: "knowledge" */ '../pages/knowledge/KnowledgeRoutes').then((module) => ({ default: module.KnowledgeBaseRoute })));
// The chat apps pages (/workflows/chat-apps and /workflows/chat-apps/:appId): one chunk.
const ChatAppsRoute = lazy(() => import(/* webpackChunkName: "chat-apps" */ '../chatApps/ChatAppsRoute').then((module) => ({ default: module.ChatAppsRoute })));
const ChatAppRoute = lazy(() => import(/* webpackChunkName: "chat-apps" */ '../chatApps/ChatAppsRoute').then((module) => ({ default: module.ChatAppRoute })));
// The API keys page (/workflows/api-keys, issue 24): its own chunk.
const ApiKeysRoute = lazy(() => import(/* webpackChunkName: "api-keys" */ '../apiKeys/ApiKeysRoute').then((module) => ({ default: module.ApiKeysRoute })));
// The API reference (/workflows/api-reference, issue 24): its own chunk, read from GET /v1/openapi.json.
const ApiReferenceRoute = lazy(() => import(/* webpackChunkName: "api-reference" */ '../apiReference/ApiReferenceRoute').then((module) => ({ default: module.ApiReferenceRoute })));
// The MCP servers page (/workflows/mcp-servers, issue 24): its own chunk.
const McpServersRoute = lazy(() => import(/* webpackChunkName: "mcp-servers" */ '../mcpServers/McpServersRoute').then((module) => ({ default: module.McpServersRoute })));
const DashboardRoute = lazy(() => import(/* webpackChunkName: "dashboard" */ '../dashboard/DashboardRoute').then((module) => ({ default: module.DashboardRoute })));

export function createWorkflowsQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function RouteLoading() {
  const { t } = useI18n();
  return <PageLoading label={t('common.loading')} />;
}

/** A lazily loaded route's element: the loading line until its chunk arrives. */
const loading = (element: ReactNode) => <Suspense fallback={<RouteLoading />}>{element}</Suspense>;
/** The catalogue's own skeleton while its chunk arrives, so the page does not flash a spinner first. */
const catalogue = (
  <Suspense fallback={<CatalogueSkeleton />}>
    <WorkflowsPage />
  </Suspense>
);

export interface WorkflowsAppProps {
  /** Where workflows come from (tests inject a fake); Firestore by default. */
  source?: CatalogueSource;
  /** For tests; the app makes its own (one per mount). */
  queryClient?: QueryClient;
}

export default function WorkflowsApp({ source, queryClient }: WorkflowsAppProps = {}) {
  const [client] = useState(() => {
    // React Query assumes it starts online; an app started offline says so,
    // so its reconnect refetch runs when the connection returns.
    onlineManager.setOnline(isOnline());
    return queryClient ?? createWorkflowsQueryClient();
  });
  return (
    <WorkflowsTexts>
      <QueryClientProvider client={client}>
        <CatalogueSourceProvider source={source}>
          <Routes>
            <Route index element={catalogue} />
            <Route path="credentials" element={loading(<CredentialsRoute />)} />
            <Route path="executions" element={loading(<ExecutionsRoute />)} />
            <Route path="dashboard" element={loading(<DashboardRoute />)} />
            <Route path="knowledge" element={loading(<KnowledgeListRoute />)} />
            <Route path="knowledge/:id" element={loading(<KnowledgeBaseRoute />)} />
            <Route path="chat-apps" element={loading(<ChatAppsRoute />)} />
            <Route path="chat-apps/:appId" element={loading(<ChatAppRoute />)} />
            <Route path="api-keys" element={loading(<ApiKeysRoute />)} />
            <Route path="api-reference" element={loading(<ApiReferenceRoute />)} />
            <Route path="mcp-servers" element={loading(<McpServersRoute />)} />
            <Route path="approvals" element={loading(<ApprovalInboxRoute />)} />
            <Route path="approvals/decide" element={loading(<ApprovalLinkRoute />)} />
            <Route path=":id" element={loading(<BuilderRoute />)} />
            <Route path=":id/runs" element={loading(<RunsRoute />)} />
            <Route path=":id/runs/:runId" element={loading(<RunViewRoute />)} />
            {/* Deeper unknown paths fall back to the catalogue. */}
            <Route path="*" element={catalogue} />
          </Routes>
        </CatalogueSourceProvider>
      </QueryClientProvider>
    </WorkflowsTexts>
  );
}
