import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { RBACContext, useAuth, useI18n, usePlatform, type RBACContextValue, type RoleAssignmentRequest } from '../federation/contexts.js';
import { can as grantsCan, expandManageAll, grantsFor, hasPermission as stateHasPermission, hasRole as stateHasRole, permissionIdsIn, type Grant } from '../../domain/rbac/access.js';
import { withReadFallbacks, type AccessReader } from '../../domain/rbac/accessReader.js';
import { ACCESS_API } from '../../domain/rbac/api.js';
import { GUEST_ROLE } from '../../domain/rbac/fallbacks.js';
import { GUEST_ROLE_ID, type Permission, type Role, type UserRole } from '../../domain/rbac/model.js';
import { createApiClient } from '../api/apiClient.js';

interface LoadedState {
  roles: Role[];
  permissions: Permission[];
  userRoles: UserRole[];
  userPermissions: string[];
  grants: Grant[];
  loading: boolean;
  error: string | null;
}

const EMPTY: LoadedState = { roles: [], permissions: [], userRoles: [], userPermissions: [], grants: [], loading: true, error: null };

/** Marks a load under way, clearing the error (the same state when it already is, so nothing re-renders). */
const markLoading = (previous: LoadedState): LoadedState => (previous.loading && previous.error === null ? previous : { ...previous, loading: true, error: null });

export interface RBACProviderProps {
  children: ReactNode;
  /** Where roles, permissions and the user's assignments are read (default: Firestore). The read fallbacks apply to any reader. */
  reader?: AccessReader;
  /** The fetch used for assign and revoke (default: the global fetch, looked up at call time). */
  fetch?: typeof fetch;
}

/**
 * The access-control state of whoever is signed in, for the host and every
 * remote (useRBAC(), <Can>).
 *
 * Lazy: the provider fetches nothing, and does not load Firestore, until the
 * first component calling useRBAC() (or <Can>) mounts; the landing page never
 * pays for access control. From then on:
 *
 * - while auth is loading it waits (loading stays true, nothing is read);
 * - then it sets loading, clears the error, and reads every role and every
 *   permission; with a signed-in user who has a profile (or the demo user) it
 *   reads their assignments and computes their permission ids (global
 *   assignments, manage_all expanded to every permission); anyone else gets
 *   no assignments and the guest role's permissions;
 * - a failed load sets the translated 'rbac.error_loading' message and empties
 *   roles and permissions; loading ends in every case;
 * - it reloads when the user, the profile, auth's loading flag or the
 *   translator (the language) changes, on refresh(), and after assignRole or
 *   revokeRole (which POST to platform-api with the user's ID token).
 *
 * Reads go through withReadFallbacks (accessReader.ts): a failing permission
 * read gives the default read permission, a failing user-role read one guest
 * assignment by 'system'. Only the newest load may change the state.
 */
// The Firestore reader (and its query code) loads with the first read.
const loadFirestoreReader = () => import('./firestoreAccessReader.js').then((module) => module.firestoreAccessReader);
const lazyFirestoreReader: AccessReader = {
  listRoles: async () => (await loadFirestoreReader()).listRoles(),
  listPermissions: async () => (await loadFirestoreReader()).listPermissions(),
  listRolesBySystem: async (system) => (await loadFirestoreReader()).listRolesBySystem(system),
  listPermissionsBySystem: async (system) => (await loadFirestoreReader()).listPermissionsBySystem(system),
  listUserRoles: async (userId) => (await loadFirestoreReader()).listUserRoles(userId),
};

export function RBACProvider({ children, reader = lazyFirestoreReader, fetch: fetchImpl }: RBACProviderProps) {
  const { user, userProfile, isDemoUser, loading: authLoading, getIdToken } = useAuth();
  const { t } = useI18n();
  const { config } = usePlatform();

  const [active, setActive] = useState(false);
  const [state, setState] = useState<LoadedState>(EMPTY);
  const activate = useCallback(() => setActive(true), []);

  const source = useMemo(() => withReadFallbacks(reader), [reader]);
  const mounted = useRef(true);
  /** Orders loads: only the newest one may change the state. */
  const generation = useRef(0);
  const latest = useRef({ user, userProfile, isDemoUser, authLoading, t });
  // Kept current after each commit, before any effect reads it (a ref is not written while rendering).
  useLayoutEffect(() => {
    latest.current = { user, userProfile, isDemoUser, authLoading, t };
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Reads access for whoever is signed in now; the caller has marked the state loading. */
  const read = useCallback(async (): Promise<void> => {
    const run = ++generation.current;
    const current = () => mounted.current && run === generation.current;
    const { user: account, userProfile: profile, isDemoUser: demo, authLoading: waiting, t: translate } = latest.current;
    // Nothing is known until auth is: wait for its next change.
    if (waiting) return;
    try {
      const [roles, permissions] = await Promise.all([source.listRoles(), source.listPermissions()]);
      const rolesById = new Map(roles.map((role) => [role.id, role]));
      let userRoles: UserRole[] = [];
      let grants: Grant[];
      if (account && (profile || demo)) {
        userRoles = await source.listUserRoles(account.uid);
        grants = grantsFor(userRoles, rolesById);
      } else {
        const guest = rolesById.get(GUEST_ROLE_ID) ?? GUEST_ROLE;
        grants = [{ roleId: GUEST_ROLE_ID, organizationId: null, permissions: [...guest.permissions] }];
      }
      const userPermissions = expandManageAll(
        permissionIdsIn(grants, null),
        permissions.map((permission) => permission.id),
      );
      if (current()) setState({ roles, permissions, userRoles, userPermissions, grants, loading: false, error: null });
    } catch {
      if (current()) setState({ roles: [], permissions: [], userRoles: [], userPermissions: [], grants: [], loading: false, error: translate('rbac.error_loading') });
    }
  }, [source]);

  const load = useCallback(async (): Promise<void> => {
    setState(markLoading);
    await read();
  }, [read]);

  // (Re)load on activation and whenever who is signed in, or the language, changes. The state is
  // marked loading while rendering that change (state that follows its inputs, as React allows),
  // not by the effect after it; the effect reads.
  // `source` stands for `read`, which changes with it and only with it.
  const loadInputs = [active, source, user, userProfile, isDemoUser, authLoading, t] as const;
  const [loadedFor, setLoadedFor] = useState(loadInputs);
  if (loadInputs.some((input, index) => input !== loadedFor[index])) {
    setLoadedFor(loadInputs);
    if (active) setState(markLoading);
  }
  useEffect(() => {
    if (active) void read();
  }, [active, read, user, userProfile, isDemoUser, authLoading, t]);

  const refresh = useCallback(async () => {
    setActive(true);
    await load();
  }, [load]);

  const api = useMemo(() => createApiClient({ baseUrl: config.apis.platform, getIdToken, fetch: fetchImpl }), [getIdToken, fetchImpl, config.apis.platform]);

  const assignRole = useCallback(
    async (input: RoleAssignmentRequest) => {
      await api('POST', ACCESS_API.assignments, { body: input });
      await refresh();
    },
    [api, refresh],
  );

  const revokeRole = useCallback(
    async (input: RoleAssignmentRequest) => {
      await api('POST', ACCESS_API.revoke, { body: input });
      await refresh();
    },
    [api, refresh],
  );

  const value = useMemo<RBACContextValue>(() => {
    const access = { loading: state.loading, permissions: state.userPermissions, assignments: state.userRoles };
    return {
      roles: state.roles,
      permissions: state.permissions,
      userRoles: state.userRoles,
      userPermissions: state.userPermissions,
      loading: state.loading,
      error: state.error,
      hasPermission: (permissionId) => stateHasPermission(access, permissionId),
      hasRole: (roleId) => stateHasRole(access, roleId),
      can: (permissionId, organizationId) => !state.loading && grantsCan(state.grants, permissionId, organizationId),
      hasPermissionAnywhere: (permissionId) =>
        !state.loading && (stateHasPermission(access, permissionId) || state.grants.some((grant) => grantsCan([grant], permissionId, grant.organizationId))),
      refresh,
      assignRole,
      revokeRole,
      activate,
    };
  }, [state, refresh, assignRole, revokeRole, activate]);

  return <RBACContext.Provider value={value}>{children}</RBACContext.Provider>;
}
