// Renders UI inside the federation contract's providers the way the shell
// mounts them (test code only, never shipped). The real I18nProvider is used;
// Auth and Platform get plain context values, because the real AuthProvider
// needs a Firebase app. Access control is a plain value too (fakeRBAC), unless
// a test passes an AccessReader: then the real RBACProvider runs on it. The
// membership is a plain value too (fakeMembership: none), unless a test passes
// `membershipFetch`: then the real MembershipProvider runs on that fetch.
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { type AccessReader, type AppConfig, AuthContext, type ConsumeResponse, MembershipContext, type MembershipContextValue, MembershipProvider, hasMembershipRole, hasTokens, type AuthContextValue, type AuthUser, buildAppConfig, HelpProvider, I18nProvider, MemoryRouter, PlatformContext, type PlatformContextValue, RBACContext, type RBACContextValue, RBACProvider, Route, Routes, type SupportedLanguage, ToastProvider, useLocation } from '@agentflow/shared';
import { fakeAuth } from './fakeAuth';
import { fakeWorkspace } from './fakeWorkspace';
import { WorkspaceContext, type WorkspaceContextValue } from '@agentflow/shared';

export { fakeAuth, testProfile, testUser } from './fakeAuth';

/** The configuration the shell would serve with an empty environment (emulators, local APIs). */
export const TEST_APP_CONFIG: AppConfig = buildAppConfig({});

export interface ProvidersOptions {
  /** Language the I18nProvider starts in (default 'en'). */
  language?: SupportedLanguage;
  /** The URL the MemoryRouter starts at (default '/'). */
  route?: string;
  /**
   * Mount the UI under this route pattern, as the shell mounts a remote
   * ('/workflows/*'); without it the UI is rendered directly in the router.
   */
  path?: string;
  /** What usePlatform().host answers (default 'shell'). */
  host?: string;
  config?: AppConfig;
  /** The signed-in user; null or absent means signed out. */
  user?: AuthUser | null;
  /** Any other AuthContext field (loading, error, signOut...). */
  auth?: Partial<AuthContextValue>;
  /**
   * The access-control context as a plain value (see fakeRBAC): any field
   * overrides the default (not loading, no roles, no permissions).
   */
  rbac?: Partial<RBACContextValue>;
  /**
   * Mount the real RBACProvider reading from this reader instead of a plain
   * value (assign and revoke then go through the global fetch). Wins over `rbac`.
   */
  rbacReader?: AccessReader;
  /**
   * The membership context as a plain value (see fakeMembership): any field
   * overrides the default (no membership, not loading).
   */
  membership?: Partial<MembershipContextValue>;
  /**
   * Mount the real MembershipProvider on this fetch (a fake billing-api)
   * instead of a plain value. Wins over `membership`.
   */
  membershipFetch?: typeof fetch;
  /**
   * The workspace context as a plain value (see fakeWorkspace: personal and
   * Acme, personal current). Absent: useWorkspace() answers its default (personal).
   */
  workspace?: Partial<WorkspaceContextValue>;
}

/**
 * An RBACContext value without a provider: finished loading, with the given
 * permission ids and assignments (none by default). hasPermission, hasRole,
 * can and hasPermissionAnywhere answer from `userPermissions` and
 * `userRoles` unless overridden; refresh, assignRole and revokeRole resolve
 * and do nothing.
 */
export function fakeRBAC(overrides: Partial<RBACContextValue> = {}): RBACContextValue {
  const loading = overrides.loading ?? false;
  const userPermissions = overrides.userPermissions ?? [];
  const userRoles = overrides.userRoles ?? [];
  const holds = (permissionId: string) => !loading && (userPermissions.includes(permissionId) || userPermissions.includes('manage_all'));
  const done = async (): Promise<void> => undefined;
  return {
    roles: [],
    permissions: [],
    userRoles,
    userPermissions,
    loading,
    error: null,
    hasPermission: holds,
    hasRole: (roleId) => !loading && userRoles.some((assignment) => assignment.roleId === roleId),
    can: (permissionId) => holds(permissionId),
    hasPermissionAnywhere: holds,
    refresh: done,
    assignRole: done,
    revokeRole: done,
    activate: () => undefined,
    ...overrides,
  };
}

/**
 * A MembershipContext value without a provider: no membership and no summary
 * unless given, not loading, no error. hasRole and hasTokens answer from
 * `membership` with the shared rules unless overridden; refresh resolves and
 * does nothing; consume resolves as an applied debit of nothing.
 */
export function fakeMembership(overrides: Partial<MembershipContextValue> = {}): MembershipContextValue {
  const membership = overrides.membership ?? null;
  const consumed: ConsumeResponse = { tokensRemaining: membership?.tokensRemaining ?? 0, applied: true };
  return {
    membership,
    summary: null,
    loading: false,
    error: null,
    savedAt: null,
    hasRole: (role) => hasMembershipRole(membership, role),
    hasTokens: (amount) => hasTokens(membership, amount),
    refresh: async () => undefined,
    consume: async () => consumed,
    ...overrides,
  };
}

function TestMembership({ options, children }: { options: ProvidersOptions; children: ReactNode }) {
  if (options.membershipFetch) return <MembershipProvider fetch={options.membershipFetch}>{children}</MembershipProvider>;
  return <MembershipContext.Provider value={fakeMembership(options.membership)}>{children}</MembershipContext.Provider>;
}

function TestRBAC({ options, children }: { options: ProvidersOptions; children: ReactNode }) {
  if (options.rbacReader) return <RBACProvider reader={options.rbacReader}>{children}</RBACProvider>;
  return <RBACContext.Provider value={fakeRBAC(options.rbac)}>{children}</RBACContext.Provider>;
}

/** Shows where the router is (pathname + search), for asserting navigations. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function TestProviders({ children, options = {} }: { children: ReactNode; options?: ProvidersOptions }) {
  const platform: PlatformContextValue = { host: options.host ?? 'shell', config: options.config ?? TEST_APP_CONFIG };
  const auth = fakeAuth(options.user ?? null, options.auth);
  return (
    <PlatformContext.Provider value={platform}>
      <I18nProvider initialLanguage={options.language ?? 'en'}>
        <AuthContext.Provider value={auth}>
          <TestMembership options={options}>
            <TestRBAC options={options}>
              <ToastProvider>
                <HelpProvider>
                  <MemoryRouter initialEntries={[options.route ?? '/']}>
                    {options.workspace ? <WorkspaceContext.Provider value={fakeWorkspace(options.workspace)}>{children}</WorkspaceContext.Provider> : children}
                  </MemoryRouter>
                </HelpProvider>
              </ToastProvider>
            </TestRBAC>
          </TestMembership>
        </AuthContext.Provider>
      </I18nProvider>
    </PlatformContext.Provider>
  );
}

export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}): RenderResult {
  const content = options.path ? (
    <Routes>
      <Route path={options.path} element={ui} />
    </Routes>
  ) : (
    ui
  );
  return render(<TestProviders options={options}>{content}</TestProviders>);
}
