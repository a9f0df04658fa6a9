/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { fakeAuth, testUser } from '@agentflow/shared/testing/fakeAuth';
import { AuthContext, PlatformContext, type AuthContextValue } from '../federation/contexts';
import { buildAppConfig } from '../../domain/federation/runtimeConfig';
import type { WorkspaceSummary } from '../../domain/workspaces/api';
import { WorkspaceProvider } from './WorkspaceProvider';
import { useWorkspace, type WorkspaceContextValue } from './workspaceContext';
import { CURRENT_WORKSPACE_KEY_PREFIX } from './currentWorkspaceStore';
import { forgetWorkspaceSessions } from './workspaceSession';

const PLATFORM = 'http://platform.test';
const CONFIG = buildAppConfig({ PLATFORM_API_URL: PLATFORM });

const summary = (id: string, name: string, overrides: Partial<WorkspaceSummary> = {}): WorkspaceSummary => ({
  id,
  kind: id === 'personal' ? 'personal' : 'organization',
  name,
  roleId: id === 'personal' ? 'workspace_owner' : 'workspace_editor',
  ownerId: 'owner-1',
  plan: 'premium',
  seats: { used: 2, limit: 10 },
  settings: { approvalLinksRequireSignIn: true },
  ...overrides,
});

/** A fake platform-api: GET /api/workspaces answers each token's uid its list (or fails). */
function fakePlatform(lists: Record<string, WorkspaceSummary[]>, failing = false) {
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const uid = headers.Authorization?.replace(/^Bearer test-id-token-/, '') ?? '';
    const ok = !failing && String(input) === `${PLATFORM}/api/workspaces`;
    const body = ok ? { workspaces: lists[uid] ?? [] } : { error: 'boom' };
    return { ok, status: ok ? 200 : 500, json: async () => body, text: async () => JSON.stringify(body) } as Response;
  });
  return fetch;
}

let latest: WorkspaceContextValue | undefined;
function Probe() {
  const workspace = useWorkspace();
  useEffect(() => {
    latest = workspace;
  });
  return null;
}

function renderProvider(auth: AuthContextValue, fetch: ReturnType<typeof fakePlatform>) {
  const ui = (next: AuthContextValue) => (
    <PlatformContext.Provider value={{ host: 'test', config: CONFIG }}>
      <AuthContext.Provider value={next}>
        <WorkspaceProvider fetch={fetch as unknown as typeof globalThis.fetch}>
          <Probe />
        </WorkspaceProvider>
      </AuthContext.Provider>
    </PlatformContext.Provider>
  );
  const result = render(ui(auth));
  return { ...result, rerenderWith: (next: AuthContextValue) => result.rerender(ui(next)) };
}

const current = (): WorkspaceContextValue => {
  if (!latest) throw new Error('no value yet');
  return latest;
};

const ADA = testUser({ uid: 'ada' });
const BOB = testUser({ uid: 'bob', email: 'bob@example.com' });
const LISTS = { ada: [summary('personal', ''), summary('org-acme', 'Acme')], bob: [summary('personal', ''), summary('org-beta', 'Beta')] };

afterEach(() => {
  latest = undefined;
  window.localStorage.clear();
  forgetWorkspaceSessions();
});

describe('useWorkspace', () => {
  test('outside a provider: the personal workspace, and select does nothing', () => {
    render(<Probe />);
    expect(current()).toMatchObject({ currentId: 'personal', organizationId: null, workspaces: [], loading: false });
    expect(() => current().select('org-acme')).not.toThrow();
  });
});

describe('WorkspaceProvider', () => {
  test('signed out: nothing is fetched and the current workspace is personal', async () => {
    const fetch = fakePlatform(LISTS);
    renderProvider(fakeAuth(null), fetch);
    await act(async () => undefined);
    expect(fetch).not.toHaveBeenCalled();
    expect(current()).toMatchObject({ currentId: 'personal', workspaces: [], loading: false });
  });

  test('signed in: lists the workspaces with the ID token, starts in personal, and remembers a choice per user', async () => {
    const fetch = fakePlatform(LISTS);
    const { rerenderWith } = renderProvider(fakeAuth(ADA), fetch);
    await waitFor(() => expect(current().loading).toBe(false));
    expect(current().workspaces.map((workspace) => workspace.id)).toEqual(['personal', 'org-acme']);
    expect(current()).toMatchObject({ currentId: 'personal', organizationId: null });
    expect(current().current?.kind).toBe('personal');
    expect((fetch.mock.calls[0]?.[1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer test-id-token-ada' });

    act(() => current().select('org-acme'));
    expect(current()).toMatchObject({ currentId: 'org-acme', organizationId: 'org-acme' });
    expect(current().current?.name).toBe('Acme');
    expect(window.localStorage.getItem(`${CURRENT_WORKSPACE_KEY_PREFIX}ada`)).toBe('org-acme');

    // Bob on the same device starts in his own (personal), never in Ada's organization.
    rerenderWith(fakeAuth(BOB));
    expect(current().currentId).toBe('personal');
    await waitFor(() => expect(current().workspaces.map((workspace) => workspace.id)).toEqual(['personal', 'org-beta']));
    expect(current().currentId).toBe('personal');
  });

  test('a remembered workspace stands while the list loads, and falls back to personal when the user is no longer in it', async () => {
    window.localStorage.setItem(`${CURRENT_WORKSPACE_KEY_PREFIX}ada`, 'org-gone');
    const fetch = fakePlatform(LISTS);
    renderProvider(fakeAuth(ADA), fetch);
    expect(current()).toMatchObject({ currentId: 'org-gone', loading: true });
    await waitFor(() => expect(current().loading).toBe(false));
    expect(current()).toMatchObject({ currentId: 'personal', organizationId: null });
  });

  test('a remembered workspace still listed is the current one after a reload', async () => {
    window.localStorage.setItem(`${CURRENT_WORKSPACE_KEY_PREFIX}ada`, 'org-acme');
    renderProvider(fakeAuth(ADA), fakePlatform(LISTS));
    await waitFor(() => expect(current().loading).toBe(false));
    expect(current()).toMatchObject({ currentId: 'org-acme', organizationId: 'org-acme' });
  });

  test('a failed list says so and keeps the remembered workspace; refresh reads it again', async () => {
    window.localStorage.setItem(`${CURRENT_WORKSPACE_KEY_PREFIX}ada`, 'org-acme');
    const fetch = fakePlatform(LISTS, true);
    renderProvider(fakeAuth(ADA), fetch);
    await waitFor(() => expect(current().failed).toBe(true));
    expect(current()).toMatchObject({ currentId: 'org-acme', workspaces: [], loading: false });
    await act(() => current().refresh());
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('a choice made while the provider remounts is kept (one session per user on the page)', async () => {
    const fetch = fakePlatform(LISTS);
    const first = renderProvider(fakeAuth(ADA), fetch);
    await waitFor(() => expect(current().loading).toBe(false));
    const select = current().select;
    first.unmount();
    renderProvider(fakeAuth(ADA), fetch);
    act(() => select('org-acme'));
    await waitFor(() => expect(current().currentId).toBe('org-acme'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('a user known while auth is still loading starts in their remembered workspace, never the personal default', () => {
    window.localStorage.setItem(`${CURRENT_WORKSPACE_KEY_PREFIX}ada`, 'org-acme');
    renderProvider(fakeAuth(ADA, { loading: true }), fakePlatform(LISTS));
    expect(current()).toMatchObject({ currentId: 'org-acme', organizationId: 'org-acme', loading: true });
  });
});
