// Server state of the console (@tanstack/react-query): the client bound to
// the signed-in user, and the query keys every tab shares, so a change made in
// one tab refreshes what the others show. (The React Query client itself and
// its retry rule are in queryClient.ts.)
import { useMemo } from 'react';
import { useAuth, usePlatform } from '@agentflow/shared';
import { createAccessClient, type AccessClient, type AuditFilters } from './client';

export function useAccessClient(): AccessClient {
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  return useMemo(() => createAccessClient({ baseUrl: config.apis.platform, getIdToken }), [config.apis.platform, getIdToken]);
}

export const accessKeys = {
  all: ['access'] as const,
  roles: () => ['access', 'roles'] as const,
  permissions: (system: string | null = null) => ['access', 'permissions', system] as const,
  allPermissions: () => ['access', 'permissions'] as const,
  organizations: () => ['access', 'organizations'] as const,
  members: (organizationId: string) => ['access', 'organizations', organizationId, 'members'] as const,
  users: (emailPrefix: string) => ['access', 'users', emailPrefix] as const,
  userAssignments: (uid: string) => ['access', 'assignments', uid] as const,
  allAssignments: () => ['access', 'assignments'] as const,
  audit: (filters: AuditFilters) => ['access', 'audit', filters] as const,
  allAudit: () => ['access', 'audit'] as const,
};
