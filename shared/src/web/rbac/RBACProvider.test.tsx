/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { fakeResponse } from '@agentflow/shared/testing/fakeApi';
import { fakeAuth, testProfile, testUser } from '@agentflow/shared/testing/fakeAuth';
import { expectRefusedOutsideProvider } from '@agentflow/shared/testing/requiredContext';
import { AuthContext, PlatformContext, useI18n, useRBAC, type AuthContextValue, type I18nContextValue, type RBACContextValue } from '../federation/contexts';
import { buildAppConfig } from '../../domain/federation/runtimeConfig';
import { I18nProvider } from '../providers/I18nProvider';
import type { AccessReader } from '../../domain/rbac/accessReader';
import { Can } from './Can';
import { DEFAULT_READ_PERMISSION, GUEST_ROLE, MANAGE_ALL_PERMISSION, ADMIN_ROLE, CORE_PERMISSIONS } from '../../domain/rbac/defaults';
import type { Permission, Role, UserRole } from '../../domain/rbac/model';
import { RBACProvider } from './RBACProvider';
import { ApiError } from '../api/apiClient';

const CONFIG = buildAppConfig({ PLATFORM_API_URL: 'http://platform.test' });

const READ_PACKAGES = CORE_PERMISSIONS.find((permission) => permission.id === 'read_packages') as Permission;
const READ_TEMPLATES = CORE_PERMISSIONS.find((permission) => permission.id === 'read_workflow_templates') as Permission;
const MANAGE_ROLES = CORE_PERMISSIONS.find((permission) => permission.id === 'manage_roles') as Permission;
const READ_AUDIT = CORE_PERMISSIONS.find((permission) => permission.id === 'read_audit_log') as Permission;
const PERMISSIONS: Permission[] = [MANAGE_ALL_PERMISSION, MANAGE_ROLES, READ_AUDIT, READ_PACKAGES, READ_TEMPLATES];
const EDITOR: Role = { id: 'editor', name: 'Editor', description: '', system: 'custom', permissions: ['manage_roles'] };
const AUDITOR: Role = { id: 'auditor', name: 'Auditor', description: '', system: 'custom', permissions: ['read_audit_log'] };
const ROLES: Role[] = [ADMIN_ROLE, GUEST_ROLE, EDITOR, AUDITOR];

const assignment = (roleId: string, organizationId: string | null = null, userId = 'user-1'): UserRole => ({
  id: `${userId}-${roleId}-${organizationId ?? 'global'}`,
  userId,
  roleId,
  assignedAt: '2024-06-01T08:30:00.000Z',
  assignedBy: 'admin-uid',
  organizationId,
});

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** An in-memory reader: what each read answers, which reads fail, and a log of every call. */
class FakeReader implements AccessReader {
  roles: Role[] = ROLES;
  permissions: Permission[] = PERMISSIONS;
  assignments: UserRole[] = [];
  fail = new Set<keyof AccessReader>();
  /** A read held until the test resolves it. */
  hold: Partial<Record<keyof AccessReader, Deferred<unknown>>> = {};
  calls: string[] = [];

  private async answer<T>(method: keyof AccessReader, value: () => T): Promise<T> {
    this.calls.push(method);
    const held = this.hold[method];
    if (held) {
      delete this.hold[method];
      await held.promise;
    }
    if (this.fail.has(method)) throw new Error(`${method} failed`);
    return value();
  }

  listRoles = () => this.answer('listRoles', () => this.roles);
  listPermissions = () => this.answer('listPermissions', () => this.permissions);
  listRolesBySystem = (system: string) => this.answer('listRolesBySystem', () => this.roles.filter((role) => role.system === system));
  listPermissionsBySystem = (system: string) => this.answer('listPermissionsBySystem', () => this.permissions.filter((permission) => permission.system === system));
  listUserRoles = jest.fn((userId: string) => this.answer('listUserRoles', () => this.assignments.filter((entry) => entry.userId === userId)));

  count(method: keyof AccessReader): number {
    return this.calls.filter((call) => call === method).length;
  }
}

let latest: RBACContextValue | undefined;
let i18n: I18nContextValue | undefined;
function Probe() {
  const rbac = useRBAC();
  const translation = useI18n();
  // Handed to the test after each commit (an effect), so rendering stays pure.
  useEffect(() => {
    latest = rbac;
    i18n = translation;
  });
  return (
    <output data-testid="rbac">
      {rbac.loading ? 'loading' : 'ready'}|{rbac.error ?? ''}|{rbac.userPermissions.join(',')}|{rbac.userRoles.map((entry) => entry.roleId).join(',')}
    </output>
  );
}

function Providers({ auth, reader, fetchImpl, language = 'en', children }: { auth: AuthContextValue; reader: AccessReader; fetchImpl?: typeof fetch; language?: 'en' | 'de' | 'es'; children: ReactNode }) {
  return (
    <PlatformContext.Provider value={{ host: 'test', config: CONFIG }}>
      <I18nProvider initialLanguage={language}>
        <AuthContext.Provider value={auth}>
          <RBACProvider reader={reader} fetch={fetchImpl}>
            {children}
          </RBACProvider>
        </AuthContext.Provider>
      </I18nProvider>
    </PlatformContext.Provider>
  );
}

const signedIn = (overrides: Partial<AuthContextValue> = {}) => fakeAuth(testUser(), { userProfile: testProfile(), ...overrides });

function renderRBAC(options: { auth?: AuthContextValue; reader?: FakeReader; fetchImpl?: typeof fetch; language?: 'en' | 'de' | 'es'; probe?: boolean } = {}) {
  const reader = options.reader ?? new FakeReader();
  const auth = options.auth ?? signedIn();
  const ui = (auth: AuthContextValue, probe = options.probe ?? true) => (
    <Providers auth={auth} reader={reader} fetchImpl={options.fetchImpl} language={options.language}>
      {probe ? <Probe /> : <p>no consumer</p>}
    </Providers>
  );
  const result = render(ui(auth));
  return { ...result, reader, rerenderWith: (next: AuthContextValue, probe?: boolean) => result.rerender(ui(next, probe)) };
}

const ready = () => waitFor(() => expect(latest?.loading).toBe(false));
const current = (): RBACContextValue => {
  if (!latest) throw new Error('no RBAC value yet');
  return latest;
};

afterEach(() => {
  latest = undefined;
  i18n = undefined;
});

describe('useRBAC', () => {
  test('refuses to run outside the provider, with the contract message', () => {
    expectRefusedOutsideProvider(useRBAC, 'useRBAC must be used within an RBACProvider');
  });
});

describe('lazy activation', () => {
  test('nothing is read until a component calling useRBAC() mounts', async () => {
    const { reader, rerenderWith } = renderRBAC({ probe: false });
    await act(async () => undefined);
    expect(reader.calls).toEqual([]);
    rerenderWith(signedIn(), true);
    await ready();
    expect(reader.count('listRoles')).toBe(1);
    expect(reader.count('listPermissions')).toBe(1);
    expect(reader.count('listUserRoles')).toBe(1);
  });

  test('<Can> activates the provider too', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor')];
    render(
      <Providers auth={signedIn()} reader={reader}>
        <Can permission="manage_roles">allowed</Can>
      </Providers>,
    );
    expect(await screen.findByText('allowed')).toBeInTheDocument();
    expect(reader.count('listRoles')).toBe(1);
  });
});

describe('loading', () => {
  test('waits while auth is loading, then loads once auth is known', async () => {
    const { reader, rerenderWith } = renderRBAC({ auth: signedIn({ loading: true, userProfile: null, user: null }) });
    await act(async () => undefined);
    expect(reader.calls).toEqual([]);
    expect(current().loading).toBe(true);
    expect(current().hasPermission('read_packages')).toBe(false);
    rerenderWith(signedIn());
    await ready();
    expect(reader.count('listRoles')).toBe(1);
  });

  test('a signed-in user with a profile: their assignments and the permission ids their global roles give', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor'), assignment('auditor', 'org-1'), assignment('guest', null, 'someone-else')];
    renderRBAC({ reader });
    await ready();
    const rbac = current();
    expect(reader.listUserRoles).toHaveBeenCalledWith('user-1');
    expect(rbac.roles).toEqual(ROLES);
    expect(rbac.permissions).toEqual(PERMISSIONS);
    expect(rbac.userRoles.map((entry) => [entry.roleId, entry.organizationId])).toEqual([
      ['editor', null],
      ['auditor', 'org-1'],
    ]);
    // Organization-scoped assignments do not count globally…
    expect(rbac.userPermissions).toEqual(['manage_roles']);
    expect(rbac.hasPermission('manage_roles')).toBe(true);
    expect(rbac.hasPermission('read_audit_log')).toBe(false);
    // …but inside their organization, and "anywhere".
    expect(rbac.can('read_audit_log', 'org-1')).toBe(true);
    expect(rbac.can('read_audit_log', 'org-2')).toBe(false);
    expect(rbac.hasPermissionAnywhere('read_audit_log')).toBe(true);
    expect(rbac.hasPermissionAnywhere('read_packages')).toBe(false);
    expect(rbac.hasRole('editor')).toBe(true);
    expect(rbac.hasRole('auditor')).toBe(true);
    expect(rbac.hasRole('admin')).toBe(false);
    expect(rbac.error).toBeNull();
  });

  test('manage_all is expanded to every known permission', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('admin')];
    renderRBAC({ reader });
    await ready();
    expect(current().userPermissions).toEqual(PERMISSIONS.map((permission) => permission.id).sort());
    expect(current().hasPermission('read_audit_log')).toBe(true);
    expect(current().can('anything_at_all', 'org-9')).toBe(true);
    expect(current().hasRole('admin')).toBe(true);
  });

  test('the demo user (no profile) gets their assignments read too', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('auditor', null, 'demo-uid')];
    renderRBAC({ reader, auth: fakeAuth(testUser({ uid: 'demo-uid' }), { isDemoUser: true, userProfile: null }) });
    await ready();
    expect(reader.listUserRoles).toHaveBeenCalledWith('demo-uid');
    expect(current().userPermissions).toEqual(['read_audit_log']);
  });

  test.each([
    ['a signed-out visitor', fakeAuth(null)],
    ['a signed-in user whose profile did not load', fakeAuth(testUser(), { userProfile: null })],
  ])('%s gets no assignments and the guest role’s permissions', async (_label, auth) => {
    const { reader } = renderRBAC({ auth });
    await ready();
    expect(reader.listUserRoles).not.toHaveBeenCalled();
    expect(current().userRoles).toEqual([]);
    expect(current().userPermissions).toEqual(['read_packages', 'read_workflow_templates']);
    expect(current().hasPermission('read_packages')).toBe(true);
    expect(current().hasPermission('manage_roles')).toBe(false);
    expect(current().hasRole('guest')).toBe(false);
    expect(current().roles).toEqual(ROLES);
  });

  test('a guest uses the stored guest role’s permissions (the built-in ones when it is missing)', async () => {
    const reader = new FakeReader();
    reader.roles = [{ ...GUEST_ROLE, permissions: ['read_packages'] }];
    const { unmount } = renderRBAC({ reader, auth: fakeAuth(null) });
    await ready();
    expect(current().userPermissions).toEqual(['read_packages']);
    unmount();
    latest = undefined;
    const withoutGuest = new FakeReader();
    withoutGuest.roles = [EDITOR];
    renderRBAC({ reader: withoutGuest, auth: fakeAuth(null) });
    await ready();
    expect(current().userPermissions).toEqual([...GUEST_ROLE.permissions].sort());
  });

  test('hasPermission and hasRole answer false while loading, even for held ones', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor')];
    const held = deferred<unknown>();
    reader.hold.listUserRoles = held;
    renderRBAC({ reader });
    await waitFor(() => expect(reader.count('listUserRoles')).toBe(1));
    expect(current().loading).toBe(true);
    expect(current().hasPermission('manage_roles')).toBe(false);
    expect(current().hasRole('editor')).toBe(false);
    expect(current().can('manage_roles')).toBe(false);
    expect(current().hasPermissionAnywhere('manage_roles')).toBe(false);
    await act(async () => held.resolve(undefined));
    await ready();
    expect(current().hasPermission('manage_roles')).toBe(true);
    expect(current().hasRole('editor')).toBe(true);
  });

  test('only the newest load may change the state (a slow earlier one is dropped)', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor'), assignment('auditor', null, 'user-2')];
    const slow = deferred<unknown>();
    reader.hold.listUserRoles = slow;
    const { rerenderWith } = renderRBAC({ reader });
    await waitFor(() => expect(reader.count('listUserRoles')).toBe(1));
    rerenderWith(fakeAuth(testUser({ uid: 'user-2' }), { userProfile: testProfile({ uid: 'user-2' }) }));
    await ready();
    expect(current().userPermissions).toEqual(['read_audit_log']);
    await act(async () => slow.resolve(undefined));
    expect(current().userPermissions).toEqual(['read_audit_log']);
  });
});

describe('failures', () => {
  test('a failed roles read shows the translated error, empties roles and permissions, and ends loading', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor')];
    reader.fail.add('listRoles');
    renderRBAC({ reader });
    await ready();
    expect(current().error).toBe('Access control could not be loaded. Please try again.');
    expect(current().roles).toEqual([]);
    expect(current().permissions).toEqual([]);
    expect(current().userRoles).toEqual([]);
    expect(current().userPermissions).toEqual([]);
    expect(current().hasPermission('manage_roles')).toBe(false);
  });

  test('the error is in the user’s language', async () => {
    const reader = new FakeReader();
    reader.fail.add('listRoles');
    renderRBAC({ reader, language: 'de' });
    await ready();
    expect(current().error).toBe('Die Zugriffskontrolle konnte nicht geladen werden. Bitte versuchen Sie es erneut.');
  });

  test('refresh() clears the error and loads again', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor')];
    reader.fail.add('listRoles');
    renderRBAC({ reader });
    await ready();
    expect(current().error).not.toBeNull();
    reader.fail.clear();
    const held = deferred<unknown>();
    reader.hold.listRoles = held;
    let refreshing: Promise<void> | undefined;
    act(() => {
      refreshing = current().refresh();
    });
    await waitFor(() => expect(current().loading).toBe(true));
    expect(current().error).toBeNull();
    await act(async () => {
      held.resolve(undefined);
      await refreshing;
    });
    expect(current().loading).toBe(false);
    expect(current().userPermissions).toEqual(['manage_roles']);
  });

  test('a failed permission read falls back to the default read permission, without an error', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor')];
    reader.fail.add('listPermissions');
    renderRBAC({ reader });
    await ready();
    expect(current().error).toBeNull();
    expect(current().permissions).toEqual([DEFAULT_READ_PERMISSION]);
    expect(current().permissions[0]).toMatchObject({ resource: '*', action: 'read' });
    expect(current().roles).toEqual(ROLES);
    expect(current().userPermissions).toEqual(['manage_roles']);
  });

  test('a failed user-role read falls back to one guest assignment by system', async () => {
    const reader = new FakeReader();
    reader.fail.add('listUserRoles');
    renderRBAC({ reader });
    await ready();
    expect(current().error).toBeNull();
    expect(current().userRoles).toEqual([{ userId: 'user-1', roleId: 'guest', assignedAt: null, assignedBy: 'system', organizationId: null }]);
    expect(current().userPermissions).toEqual(['read_packages', 'read_workflow_templates']);
    expect(current().hasRole('guest')).toBe(true);
  });

  test('loading is never stuck: every read failing, or a reader throwing synchronously', async () => {
    const reader = new FakeReader();
    reader.fail = new Set(['listRoles', 'listPermissions', 'listUserRoles']);
    const { unmount } = renderRBAC({ reader });
    await ready();
    expect(current().error).not.toBeNull();
    unmount();
    latest = undefined;

    const throwing = new FakeReader();
    throwing.listRoles = () => {
      throw new Error('synchronous');
    };
    renderRBAC({ reader: throwing });
    await ready();
    expect(current().error).toBe('Access control could not be loaded. Please try again.');
  });
});

describe('reloads', () => {
  async function loaded(reader = new FakeReader()) {
    const rendered = renderRBAC({ reader });
    await ready();
    expect(reader.count('listRoles')).toBe(1);
    return rendered;
  }

  test('when the user changes', async () => {
    const { reader, rerenderWith } = await loaded();
    rerenderWith(fakeAuth(testUser({ uid: 'user-2' }), { userProfile: testProfile({ uid: 'user-2' }) }));
    await waitFor(() => expect(reader.count('listRoles')).toBe(2));
    expect(reader.listUserRoles).toHaveBeenLastCalledWith('user-2');
    await ready();
  });

  test('when the user signs out', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor')];
    const { rerenderWith } = await loaded(reader);
    expect(current().userPermissions).toEqual(['manage_roles']);
    rerenderWith(fakeAuth(null));
    await waitFor(() => expect(reader.count('listRoles')).toBe(2));
    await ready();
    expect(current().userRoles).toEqual([]);
    expect(current().userPermissions).toEqual(['read_packages', 'read_workflow_templates']);
  });

  test('when the profile changes', async () => {
    const { reader, rerenderWith } = await loaded();
    rerenderWith(signedIn({ userProfile: testProfile({ displayName: 'Ada' }) }));
    await waitFor(() => expect(reader.count('listRoles')).toBe(2));
    await ready();
  });

  test('when auth’s loading flag changes (and not while it is true)', async () => {
    const { reader, rerenderWith } = await loaded();
    const user = testUser();
    const profile = testProfile();
    rerenderWith(fakeAuth(user, { userProfile: profile, loading: true }));
    await waitFor(() => expect(current().loading).toBe(true));
    expect(reader.count('listRoles')).toBe(1);
    rerenderWith(fakeAuth(user, { userProfile: profile, loading: false }));
    await waitFor(() => expect(reader.count('listRoles')).toBe(2));
    await ready();
  });

  test('when the language (the translator) changes', async () => {
    const reader = new FakeReader();
    reader.fail.add('listRoles');
    await loaded(reader);
    expect(current().error).toBe('Access control could not be loaded. Please try again.');
    await act(async () => {
      await i18n?.setLanguage('es');
    });
    await waitFor(() => expect(reader.count('listRoles')).toBe(2));
    await waitFor(() => expect(current().error).toBe('No se pudo cargar el control de acceso. Inténtalo de nuevo.'));
  });

  test('not when nothing changed (a re-render with the same auth)', async () => {
    const auth = signedIn();
    const reader = new FakeReader();
    const { rerenderWith } = renderRBAC({ reader, auth });
    await ready();
    rerenderWith(auth);
    await act(async () => undefined);
    expect(reader.count('listRoles')).toBe(1);
  });
});

describe('assignRole and revokeRole', () => {
  const okResponse = () => fakeResponse(201, JSON.stringify({ ok: true }));

  test.each([
    ['assignRole', 'http://platform.test/api/access/assignments'],
    ['revokeRole', 'http://platform.test/api/access/assignments/revoke'],
  ] as const)('%s POSTs with the ID token, then reloads', async (method, url) => {
    const fetchImpl = jest.fn(async () => okResponse());
    const reader = new FakeReader();
    renderRBAC({ reader, fetchImpl });
    await ready();
    const input = { userId: 'user-2', roleId: 'editor', organizationId: 'org-1' };
    await act(async () => {
      await current()[method](input);
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(url, {
      method: 'POST',
      // The one API client asks every service for JSON.
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer test-id-token-user-1' },
      body: JSON.stringify(input),
    });
    expect(reader.count('listRoles')).toBe(2);
    expect(current().loading).toBe(false);
  });

  test('a refusal rejects with the service’s message and status, and does not reload', async () => {
    const fetchImpl = jest.fn(async () => fakeResponse(403, JSON.stringify({ error: 'Forbidden: assign_roles required' })));
    const reader = new FakeReader();
    renderRBAC({ reader, fetchImpl });
    await ready();
    let failure: unknown;
    await act(async () => {
      failure = await current()
        .assignRole({ userId: 'user-1', roleId: 'admin' })
        .catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, message: 'Forbidden: assign_roles required' });
    expect(reader.count('listRoles')).toBe(1);
  });

  test('a body that is not JSON keeps the status; a network failure is status 0; no token sends nothing', async () => {
    const notJson = jest.fn(async () => fakeResponse(502, '<html>bad gateway</html>'));
    const { unmount } = renderRBAC({ fetchImpl: notJson });
    await ready();
    await expect(current().revokeRole({ userId: 'u', roleId: 'r' })).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
    unmount();

    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const second = renderRBAC({ fetchImpl: offline });
    await ready();
    await expect(current().revokeRole({ userId: 'u', roleId: 'r' })).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
    second.unmount();

    const unused = jest.fn(async () => okResponse());
    renderRBAC({ fetchImpl: unused, auth: signedIn({ getIdToken: async () => null }) });
    await ready();
    await expect(current().assignRole({ userId: 'u', roleId: 'r' })).rejects.toMatchObject({ status: 401 });
    expect(unused).not.toHaveBeenCalled();
  });

  test('uses the global fetch when none is injected', async () => {
    const original = globalThis.fetch;
    const globalFetch = jest.fn(async () => okResponse());
    globalThis.fetch = globalFetch as unknown as typeof fetch;
    try {
      renderRBAC();
      await ready();
      await act(async () => {
        await current().assignRole({ userId: 'user-2', roleId: 'editor' });
      });
      expect(globalFetch).toHaveBeenCalledWith('http://platform.test/api/access/assignments', expect.objectContaining({ method: 'POST' }));
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('<Can>', () => {
  function renderCan(assignments: UserRole[], children: ReactNode, auth = signedIn()) {
    const reader = new FakeReader();
    reader.assignments = assignments;
    function Ready({ onReady }: { onReady: () => void }) {
      const { loading } = useRBAC();
      useEffect(() => {
        if (!loading) onReady();
      }, [loading, onReady]);
      return null;
    }
    const readyCalls = jest.fn();
    render(
      <Providers auth={auth} reader={reader}>
        <Ready onReady={readyCalls} />
        {children}
      </Providers>,
    );
    return waitFor(() => expect(readyCalls).toHaveBeenCalled());
  }

  test('renders the children only with the permission, else the fallback', async () => {
    await renderCan(
      [assignment('editor')],
      <>
        <Can permission="manage_roles">
          <span>roles-tab</span>
        </Can>
        <Can permission="read_audit_log" fallback={<span>no-audit</span>}>
          <span>audit-tab</span>
        </Can>
      </>,
    );
    expect(screen.getByText('roles-tab')).toBeInTheDocument();
    expect(screen.queryByText('audit-tab')).not.toBeInTheDocument();
    expect(screen.getByText('no-audit')).toBeInTheDocument();
  });

  test('organizationId: global or that organization’s assignments count; anyOrganization: any', async () => {
    await renderCan(
      [assignment('auditor', 'org-1')],
      <>
        <Can permission="read_audit_log">
          <span>global</span>
        </Can>
        <Can permission="read_audit_log" organizationId="org-1">
          <span>in-org-1</span>
        </Can>
        <Can permission="read_audit_log" organizationId="org-2">
          <span>in-org-2</span>
        </Can>
        <Can permission="read_audit_log" anyOrganization>
          <span>anywhere</span>
        </Can>
      </>,
    );
    expect(screen.queryByText('global')).not.toBeInTheDocument();
    expect(screen.getByText('in-org-1')).toBeInTheDocument();
    expect(screen.queryByText('in-org-2')).not.toBeInTheDocument();
    expect(screen.getByText('anywhere')).toBeInTheDocument();
  });

  test('shows the fallback while loading', async () => {
    const reader = new FakeReader();
    reader.assignments = [assignment('editor')];
    const held = deferred<unknown>();
    reader.hold.listRoles = held;
    render(
      <Providers auth={signedIn()} reader={reader}>
        <Can permission="manage_roles" fallback={<span>wait</span>}>
          roles-tab
        </Can>
      </Providers>,
    );
    expect(screen.getByText('wait')).toBeInTheDocument();
    await act(async () => held.resolve(undefined));
    expect(await screen.findByText('roles-tab')).toBeInTheDocument();
  });
});
