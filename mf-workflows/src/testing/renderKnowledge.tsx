// Test code only: the Knowledge routes on fake platform-apis (knowledge and
// credentials), as the app mounts them, with a probe showing where a
// navigation went.
import { Route, Routes, type SupportedLanguage } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import type { WorkspaceRoleId } from '@agentflow/shared/workspaces';
import { CredentialsClientContext } from '../credentials/api';
import type { FakeCredentialsServer } from '../credentials/testing/fakeCredentialsServer';
import { KnowledgeClientContext } from '../api/knowledge';
import { KnowledgeBaseRoute, KnowledgeListRoute } from '../pages/knowledge/KnowledgeRoutes';
import type { FakeKnowledgeServer } from '../components/knowledge/testing/fakeKnowledgeServer';

export interface RenderKnowledgeOptions {
  route?: string;
  language?: SupportedLanguage;
  /** The current workspace: 'personal' (default) or 'org-acme' with this role. */
  currentId?: 'personal' | 'org-acme';
  roleId?: WorkspaceRoleId;
  /** How often the base page polls while a source processes (short in tests). */
  pollMs?: number;
}

export function renderKnowledge(knowledge: FakeKnowledgeServer, credentials: FakeCredentialsServer, options: RenderKnowledgeOptions = {}) {
  return renderWithProviders(
    <CredentialsClientContext.Provider value={credentials.client}>
      <KnowledgeClientContext.Provider value={knowledge.client}>
        <Routes>
          <Route path="/workflows/knowledge" element={<KnowledgeListRoute />} />
          <Route path="/workflows/knowledge/:id" element={<KnowledgeBaseRoute pollMs={options.pollMs ?? 20} />} />
        </Routes>
        <LocationProbe />
      </KnowledgeClientContext.Provider>
    </CredentialsClientContext.Provider>,
    {
      route: options.route ?? '/workflows/knowledge',
      user: testUser(),
      language: options.language ?? 'en',
      workspace: { currentId: options.currentId ?? 'personal', workspaces: [personalWorkspace(), organizationWorkspace({ id: 'org-acme', name: 'Acme Sales', roleId: options.roleId ?? 'workspace_admin' })] },
    },
  );
}
