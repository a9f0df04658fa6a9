import { loadAppConfig, type AppConfig } from './config';
import { buildAppConfig } from '../domain/federation/runtimeConfig';

function fakeFetch(status: number, body: unknown) {
  return jest.fn<Promise<Response>, Parameters<typeof fetch>>(
    async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response,
  );
}

describe('loadAppConfig', () => {
  const valid: AppConfig = buildAppConfig({});

  test('returns the served configuration, fetched without the HTTP cache', async () => {
    const fetchImpl = fakeFetch(200, valid);
    await expect(loadAppConfig('/app-config.json', fetchImpl)).resolves.toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledWith('/app-config.json', { cache: 'no-store' });
  });

  test('the Stripe publishable key is passed through; a configuration without one means none', async () => {
    const withKey = { ...valid, stripePublishableKey: 'pk_test_abc' };
    await expect(loadAppConfig('/app-config.json', fakeFetch(200, withKey))).resolves.toEqual(withKey);
    const { stripePublishableKey: _dropped, ...older } = withKey;
    await expect(loadAppConfig('/app-config.json', fakeFetch(200, older))).resolves.toEqual({ ...older, stripePublishableKey: null });
    await expect(loadAppConfig('/app-config.json', fakeFetch(200, { ...valid, stripePublishableKey: '' }))).resolves.toEqual({ ...valid, stripePublishableKey: null });
  });

  test('fetches the given URL', async () => {
    const fetchImpl = fakeFetch(200, valid);
    await loadAppConfig('https://cdn.example.com/config.json', fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith('https://cdn.example.com/config.json', expect.anything());
  });

  test.each([404, 500, 503])('an HTTP %i is a clear error', async (status) => {
    await expect(loadAppConfig('/app-config.json', fakeFetch(status, { error: 'nope' }))).rejects.toThrow(
      `Could not load /app-config.json: HTTP ${status}`,
    );
  });

  test.each<[string, unknown]>([
    ['an empty object', {}],
    ['no firebase.projectId', { ...valid, firebase: { ...valid.firebase, projectId: '' } }],
    ['no apis', { firebase: valid.firebase, emulators: valid.emulators }],
    ['no billing API', { ...valid, apis: { platform: valid.apis.platform } }],
    ['no platform API', { ...valid, apis: { billing: valid.apis.billing } }],
  ])('%s is rejected with a clear error', async (_label, body) => {
    await expect(loadAppConfig('/app-config.json', fakeFetch(200, body))).rejects.toThrow(
      '/app-config.json is missing firebase.projectId or apis',
    );
  });

  test('a network failure propagates', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(loadAppConfig('/app-config.json', fetchImpl)).rejects.toThrow('Failed to fetch');
  });
});
