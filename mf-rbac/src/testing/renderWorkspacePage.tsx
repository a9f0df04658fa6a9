// Test code only: the access remote mounted at /admin/access/* with a fake
// workspace client, where nothing may reach the access console's endpoints;
// a signed-in member of Acme Sales (admin) by default.
import { renderRemote } from '@agentflow/shared/testing/renderRemote';
import { testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import AccessApp from '../exposes/AccessApp';
import { WorkspaceClientContext } from '../pages/workspace/workspaceClient';
import type { createFakeWorkspaceClient } from './fakeWorkspaceClient';

export const ACME = organizationWorkspace({ id: 'org-acme', name: 'Acme Sales', roleId: 'workspace_admin', plan: 'basic', seats: { used: 3, limit: 3 } });

export function renderWorkspacePage(route: string, fake: ReturnType<typeof createFakeWorkspaceClient>, options: ProvidersOptions = {}) {
  return renderRemote(route, {
    mount: '/admin/access/*',
    app: (queryClient) => (
      <WorkspaceClientContext.Provider value={fake.client}>
        <AccessApp queryClient={queryClient} />
      </WorkspaceClientContext.Provider>
    ),
    fetch: (async () => {
      throw new Error('no fetch expected');
    }) as unknown as typeof fetch,
    options: { user: testUser(), rbac: { userPermissions: [] }, workspace: { currentId: 'org-acme', workspaces: [personalWorkspace(), ACME] }, ...options },
  });
}
