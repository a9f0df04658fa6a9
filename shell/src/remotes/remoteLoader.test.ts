import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { resolveRemotesMap } from '@agentflow/shared/contract';
import { configureRemotes, fetchRemotesMap, loadRemotePage } from './remoteLoader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const mockedRegister = jest.mocked(registerRemotes);
const mockedLoadRemote = jest.mocked(loadRemote);

function Page() {
  return null;
}

beforeEach(() => {
  mockedRegister.mockReset();
  mockedLoadRemote.mockReset();
});

describe('configureRemotes', () => {
  test('registers every remote of the map with the federation runtime, by the entry script beside its manifest', () => {
    const map = resolveRemotesMap({ MF_BILLING_URL: 'https://billing.example.com/app/mf-manifest.json?v=7' });
    configureRemotes(map);
    expect(mockedRegister).toHaveBeenCalledTimes(1);
    expect(mockedRegister).toHaveBeenCalledWith([
      { name: 'mf_home', entry: 'http://127.0.0.1:3001/remoteEntry.js' },
      { name: 'mf_workflows', entry: 'http://127.0.0.1:3002/remoteEntry.js' },
      { name: 'mf_billing', entry: 'https://billing.example.com/app/remoteEntry.js?v=7' },
      { name: 'mf_rbac', entry: 'http://127.0.0.1:3004/remoteEntry.js' },
    ]);
  });

  test('a manifest URL relative to the page names the entry on the page\'s origin', () => {
    configureRemotes({ mf_rbac: '/remotes/rbac/mf-manifest.json' });
    expect(mockedRegister).toHaveBeenCalledWith([{ name: 'mf_rbac', entry: `${window.location.origin}/remotes/rbac/remoteEntry.js` }]);
  });
});

describe('loadRemotePage', () => {
  beforeEach(() => {
    configureRemotes({
      mf_billing: 'http://127.0.0.1:3003/mf-manifest.json',
      mf_rbac: '/remotes/rbac/mf-manifest.json',
      mf_home: 'https://cdn.example.com/home/mf-manifest.json?v=7',
    });
    mockedRegister.mockClear();
  });

  test('loads the exposed module without registering the remote again', async () => {
    mockedLoadRemote.mockResolvedValueOnce({ default: Page });
    await expect(loadRemotePage('mf_billing', './BillingApp')).resolves.toBe(Page);
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_billing/BillingApp');
    expect(mockedRegister).not.toHaveBeenCalled();
  });

  test('each call asks the runtime again, so a retry after a failure can succeed', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('Failed to fetch manifest')).mockResolvedValueOnce({ default: Page });
    await expect(loadRemotePage('mf_billing', './BillingApp')).rejects.toThrow('Failed to fetch manifest');
    await expect(loadRemotePage('mf_billing', './BillingApp')).resolves.toBe(Page);
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
  });

  test('a module without a default export is an error', async () => {
    mockedLoadRemote.mockResolvedValueOnce({ HomePage: Page } as { default?: typeof Page });
    await expect(loadRemotePage('mf_home', './HomePage')).rejects.toThrow("Remote 'mf_home' has no default export in './HomePage'");
  });

  test('a missing module is an error', async () => {
    mockedLoadRemote.mockResolvedValueOnce(null);
    await expect(loadRemotePage('mf_billing', './BillingApp')).rejects.toThrow("Remote 'mf_billing' has no default export in './BillingApp'");
  });

  test('a failing load propagates (the boundary shows the error screen)', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('Failed to fetch manifest'));
    await expect(loadRemotePage('mf_billing', './BillingApp')).rejects.toThrow('Failed to fetch manifest');
  });

  test('a remote that is not in the map is an error, and nothing is loaded', async () => {
    await expect(loadRemotePage('mf_unknown', './Page')).rejects.toThrow("Remote 'mf_unknown' is not in the remotes map");
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });
});

describe('fetchRemotesMap', () => {
  const realFetch = globalThis.fetch;
  let fetchMock: jest.Mock;

  function answer(status: number, body: unknown) {
    fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
  }

  beforeEach(() => {
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  test('returns the served map, fetched without the HTTP cache', async () => {
    const map = resolveRemotesMap({});
    answer(200, map);
    await expect(fetchRemotesMap()).resolves.toEqual(map);
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
  });

  test('fetches the given URL', async () => {
    answer(200, {});
    await fetchRemotesMap('https://shell.example.com/remotes.json');
    expect(fetchMock).toHaveBeenCalledWith('https://shell.example.com/remotes.json', { cache: 'no-store' });
  });

  test.each([404, 500])('HTTP %i is an error', async (status) => {
    answer(status, { error: 'nope' });
    await expect(fetchRemotesMap()).rejects.toThrow(`Could not load /remotes.json: HTTP ${status}`);
  });

  test.each<[string, unknown]>([
    ['a non-string URL', { mf_home: 42 }],
    ['a nested object', { mf_home: { url: 'http://x' } }],
    ['null', null],
    ['a string', 'http://127.0.0.1:3001/mf-manifest.json'],
    ['a number', 7],
    ['an array of URLs', ['http://127.0.0.1:3001/mf-manifest.json']],
  ])('rejects %s', async (_label, body) => {
    answer(200, body);
    await expect(fetchRemotesMap()).rejects.toThrow('/remotes.json must map remote names to manifest URLs');
  });
});
