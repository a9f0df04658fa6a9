import { REMOTES } from '@agentflow/shared';
import { preloadRoutePage, remoteForPath } from './routePreload';

describe('remoteForPath: the remote App mounts for a path', () => {
  test.each([
    ['/', 'mf_home'],
    ['/workflows', 'mf_workflows'],
    ['/workflows/abc', 'mf_workflows'],
    ['/workflows/abc/runs/r1', 'mf_workflows'],
    ['/billing', 'mf_billing'],
    ['/billing/invoices', 'mf_billing'],
    ['/admin/access/roles', 'mf_rbac'],
    ['/signin', null],
    ['/profile', null],
    ['/workflowsx', null],
    ['/admin', null],
  ])('%s -> %s', (pathname, expected) => {
    expect(remoteForPath(pathname)?.name ?? null).toBe(expected);
  });

  test('every remote of the contract is reached by its own route', () => {
    for (const remote of REMOTES) expect(remoteForPath(remote.route.replace(/\/\*$/, '') || '/')).toBe(remote);
  });
});

describe('preloadRoutePage', () => {
  test("opening the builder starts loading the workflows remote's page, and only it", () => {
    const load = jest.fn().mockResolvedValue(() => null);
    expect(preloadRoutePage('/workflows/wf-1', load)).toBe('mf_workflows');
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('mf_workflows', './WorkflowsApp');
  });

  test("a shell page loads no remote (the sign-in page does not fetch the home page's)", () => {
    const load = jest.fn();
    expect(preloadRoutePage('/signin', load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  test('a failed preload is left to RemotePage: no unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      preloadRoutePage('/billing', () => Promise.reject(new Error('remote down')));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
