import { REMOTES, SHELL_PORT, PROVIDED_BY_SHARED, SINGLETONS, defaultRemoteUrl, remoteEntryUrl, resolveRemotesMap } from './contract';

const byName = (name: string) => {
  const remote = REMOTES.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`no remote ${name}`);
  return remote;
};

describe('REMOTES', () => {
  test('lists the four remotes with distinct names, folders, ports and env vars', () => {
    expect(REMOTES.map((remote) => remote.name)).toEqual(['mf_home', 'mf_workflows', 'mf_billing', 'mf_rbac']);
    for (const key of ['name', 'dir', 'port', 'envVar', 'route'] as const) {
      expect(new Set(REMOTES.map((remote) => remote[key])).size).toBe(REMOTES.length);
    }
    expect(REMOTES.map((remote) => remote.port)).not.toContain(SHELL_PORT);
  });

  test.each(REMOTES.map((remote) => [remote.name]))('%s is a valid JavaScript identifier (a container name)', (name) => {
    expect(name).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
    expect(() => new Function(`var ${name} = 1; return ${name};`)).not.toThrow();
  });

  test('mounts each remote at its route in the shell', () => {
    expect(Object.fromEntries(REMOTES.map((remote) => [remote.name, remote.route]))).toEqual({
      mf_home: '/',
      mf_workflows: '/workflows/*',
      mf_billing: '/billing/*',
      mf_rbac: '/admin/access/*',
    });
  });

  test.each(REMOTES.map((remote) => [remote.name, remote]))('%s exposes the page the shell renders, from src/exposes/', (_name, remote) => {
    expect(Object.keys(remote.exposes)).toContain(remote.page);
    for (const source of Object.values(remote.exposes)) expect(source).toMatch(/^\.\/src\/exposes\/\w+\.tsx$/);
  });

  test('is frozen', () => {
    expect(Object.isFrozen(REMOTES)).toBe(true);
    expect(Object.isFrozen(SINGLETONS)).toBe(true);
  });
});

describe('SINGLETONS', () => {
  test.each([
    'react',
    'react-dom',
    'react/jsx-runtime',
    'firebase/app',
    'firebase/auth',
    'firebase/firestore',
    '@agentflow/shared',
  ])('shares %s as a singleton', (moduleName) => {
    expect(SINGLETONS).toContain(moduleName);
  });

  test('has no duplicates', () => {
    expect(new Set(SINGLETONS).size).toBe(SINGLETONS.length);
  });
});

describe('PROVIDED_BY_SHARED', () => {
  test('router and i18n packages are single per page through the shared singleton, not federated themselves', () => {
    expect(PROVIDED_BY_SHARED).toEqual(expect.arrayContaining(['react-router', 'react-router-dom', 'i18next', 'react-i18next']));
    for (const name of PROVIDED_BY_SHARED) expect(SINGLETONS).not.toContain(name);
  });
  // That the web entry exports the router API apps use is tested beside it (web/router.test.ts).
});

describe('resolveRemotesMap', () => {
  test('defaults every remote to its manifest on loopback', () => {
    expect(resolveRemotesMap({})).toEqual({
      mf_home: 'http://127.0.0.1:3001/mf-manifest.json',
      mf_workflows: 'http://127.0.0.1:3002/mf-manifest.json',
      mf_billing: 'http://127.0.0.1:3003/mf-manifest.json',
      mf_rbac: 'http://127.0.0.1:3004/mf-manifest.json',
    });
  });

  test('uses the given host for the defaults', () => {
    expect(resolveRemotesMap({}, 'localhost').mf_billing).toBe('http://localhost:3003/mf-manifest.json');
    expect(defaultRemoteUrl(byName('mf_rbac'), 'example.test')).toBe('http://example.test:3004/mf-manifest.json');
  });

  test.each(REMOTES.map((remote) => [remote.envVar, remote.name]))('%s overrides only %s', (envVar, name) => {
    const url = `https://cdn.example.com/${name}/v2/mf-manifest.json`;
    const map = resolveRemotesMap({ [envVar]: url });
    expect(map[name]).toBe(url);
    for (const other of REMOTES.filter((remote) => remote.name !== name)) {
      expect(map[other.name]).toBe(defaultRemoteUrl(other));
    }
  });

  test('trims an override', () => {
    expect(resolveRemotesMap({ MF_HOME_URL: '  https://home.example.com/mf-manifest.json \n' }).mf_home).toBe(
      'https://home.example.com/mf-manifest.json',
    );
  });

  test.each([[''], ['   '], ['\t\n']])('ignores a blank override %j', (blank) => {
    expect(resolveRemotesMap({ MF_WORKFLOWS_URL: blank }).mf_workflows).toBe('http://127.0.0.1:3002/mf-manifest.json');
  });

  test('ignores unrelated variables', () => {
    expect(resolveRemotesMap({ MF_UNKNOWN_URL: 'https://x.example.com', PATH: '/usr/bin' })).toEqual(resolveRemotesMap({}));
  });
});

describe('remoteEntryUrl', () => {
  test('names the entry script in the manifest\'s folder, keeping its query', () => {
    expect(remoteEntryUrl('http://127.0.0.1:3003/mf-manifest.json')).toBe('http://127.0.0.1:3003/remoteEntry.js');
    expect(remoteEntryUrl('https://cdn.example.com/home/v2/mf-manifest.json?v=7')).toBe('https://cdn.example.com/home/v2/remoteEntry.js?v=7');
  });

  test('resolves a relative manifest URL against the page', () => {
    expect(remoteEntryUrl('/remotes/rbac/mf-manifest.json', 'https://app.example.com/billing/plans')).toBe('https://app.example.com/remotes/rbac/remoteEntry.js');
  });

  test('a relative manifest URL without a base is an error, not a guess', () => {
    expect(() => remoteEntryUrl('/remotes/rbac/mf-manifest.json')).toThrow('Invalid URL');
  });
});
