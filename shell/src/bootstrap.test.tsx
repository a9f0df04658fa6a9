// The order in which the shell starts its requests: /remotes.json beside the
// configuration, and the opened route's remote before the first render (so
// the remote downloads while the sign-in state resolves, not after).
import { mountApp } from '@agentflow/shared';
import { configureRemotes, fetchRemotesMap } from './remotes/remoteLoader';
import { preloadRoutePage } from './remotes/routePreload';

jest.mock('@agentflow/shared', () => ({ ...jest.requireActual('@agentflow/shared'), mountApp: jest.fn().mockResolvedValue(undefined) }));
jest.mock('./remotes/remoteLoader', () => ({ fetchRemotesMap: jest.fn(), configureRemotes: jest.fn() }));
jest.mock('./remotes/routePreload', () => ({ preloadRoutePage: jest.fn() }));
jest.mock('./App', () => ({ App: () => null }));

const MAP = { mf_workflows: 'http://127.0.0.1:3002/mf-manifest.json' };

test('the remotes map is requested before mountApp loads the configuration, and the route remote is preloaded before the first render', async () => {
  const calls: string[] = [];
  jest.mocked(fetchRemotesMap).mockImplementation(() => {
    calls.push('fetch /remotes.json');
    return Promise.resolve(MAP);
  });
  jest.mocked(mountApp).mockImplementation(() => {
    calls.push('mountApp (configuration, language)');
    return Promise.resolve();
  });
  jest.mocked(configureRemotes).mockImplementation(() => void calls.push('register remotes'));
  jest.mocked(preloadRoutePage).mockImplementation((pathname) => {
    calls.push(`preload ${pathname}`);
    return null;
  });
  window.history.pushState({}, '', '/workflows/wf-1');

  await import('./bootstrap');
  const options = jest.mocked(mountApp).mock.calls[0]![0];
  await options.prepare?.({} as never);

  expect(calls).toEqual(['fetch /remotes.json', 'mountApp (configuration, language)', 'register remotes', 'preload /workflows/wf-1']);
  expect(configureRemotes).toHaveBeenCalledWith(MAP);
});
