// Federated entry: the shell mounts this under /admin/access/* and the remote
// owns the routes below it. Each section loads with its first visit (and the
// form schemas, with zod, with the sections that have forms).
import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RequireAuth, Route, Routes, useRemoteCatalogs } from '@agentflow/shared';
import { CONSOLE_CATALOGS } from '../i18n';
import { createQueryClient } from '../api/queryClient';
import { Loading, TabGuard } from '../components/TabGuard';
import { tabFor } from '../components/tabs';
import { AccessHome, AccessPage, UnknownSection } from '../pages/AccessPage';
import '@agentflow/shared/styles/kit.css';
import '../components/access.css';

const RolesPage = lazy(() => import('../pages/RolesPage').then((module) => ({ default: module.RolesPage })));
const PermissionsPage = lazy(() => import('../pages/PermissionsPage').then((module) => ({ default: module.PermissionsPage })));
const MatrixPage = lazy(() => import('../pages/MatrixPage').then((module) => ({ default: module.MatrixPage })));
const UsersPage = lazy(() => import('../pages/UsersPage').then((module) => ({ default: module.UsersPage })));
const OrganizationsPage = lazy(() => import('../pages/OrganizationsPage').then((module) => ({ default: module.OrganizationsPage })));
const AuditPage = lazy(() => import('../pages/AuditPage').then((module) => ({ default: module.AuditPage })));
// Issue 21: the current workspace's members and invitations, and one invitation (the e-mail's link):
// any signed-in user, outside the console's permission frame.
const WorkspaceMembersPage = lazy(() => import('../pages/workspace/WorkspaceMembersPage').then((module) => ({ default: module.WorkspaceMembersPage })));
const InvitationPage = lazy(() => import('../pages/workspace/InvitationPage').then((module) => ({ default: module.InvitationPage })));

/** `queryClient` is for tests; the console makes its own (one per mount). */
export default function AccessApp({ queryClient }: { queryClient?: QueryClient } = {}) {
  useRemoteCatalogs(CONSOLE_CATALOGS);
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <RequireAuth>
        <Routes>
          <Route path="workspace" element={<Suspense fallback={<Loading />}><WorkspaceMembersPage /></Suspense>} />
          <Route path="invitations/:invitationId" element={<Suspense fallback={<Loading />}><InvitationPage /></Suspense>} />
          <Route element={<AccessPage />}>
            <Route index element={<AccessHome />} />
            <Route path="roles" element={<TabGuard tab={tabFor('roles')}><RolesPage /></TabGuard>} />
            <Route path="permissions" element={<TabGuard tab={tabFor('permissions')}><PermissionsPage /></TabGuard>} />
            <Route path="matrix" element={<TabGuard tab={tabFor('matrix')}><MatrixPage /></TabGuard>} />
            <Route path="users" element={<TabGuard tab={tabFor('users')}><UsersPage /></TabGuard>} />
            <Route path="organizations" element={<TabGuard tab={tabFor('organizations')}><OrganizationsPage /></TabGuard>} />
            <Route path="audit" element={<TabGuard tab={tabFor('audit')}><AuditPage /></TabGuard>} />
            <Route path="*" element={<UnknownSection />} />
          </Route>
        </Routes>
      </RequireAuth>
    </QueryClientProvider>
  );
}
