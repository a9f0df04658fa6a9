import { DEFAULT_DEMO_USER, DEFAULT_PROJECT_ID, buildAppConfig } from './runtimeConfig';

describe('buildAppConfig', () => {
  test('without keys: the demo project on the local emulators and local APIs', () => {
    expect(buildAppConfig({})).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-agentflow.firebaseapp.com',
        projectId: DEFAULT_PROJECT_ID,
        appId: '1:000000000000:web:demo-agentflow',
      },
      emulators: { auth: 'http://127.0.0.1:9099', firestore: '127.0.0.1:8080' },
      apis: { billing: 'http://127.0.0.1:4001', platform: 'http://127.0.0.1:4002' },
      demo: { email: DEFAULT_DEMO_USER.email, password: DEFAULT_DEMO_USER.password },
      stripePublishableKey: null,
    });
    expect(DEFAULT_PROJECT_ID).toMatch(/^demo-/); // no credentials needed
  });

  test('the demo account: defaulted on the emulators, explicit for a real project, both variables needed', () => {
    expect(buildAppConfig({ DEMO_USER_EMAIL: 'show@example.com', DEMO_USER_PASSWORD: 'public-pass' }).demo).toEqual({
      email: 'show@example.com',
      password: 'public-pass',
    });
    expect(buildAppConfig({ FIREBASE_API_KEY: 'real' }).demo).toBeNull();
    expect(buildAppConfig({ FIREBASE_API_KEY: 'real', DEMO_USER_EMAIL: 'show@example.com', DEMO_USER_PASSWORD: 'p' }).demo).toEqual({
      email: 'show@example.com',
      password: 'p',
    });
    expect(buildAppConfig({ FIREBASE_API_KEY: 'real', DEMO_USER_EMAIL: 'show@example.com' }).demo).toBeNull();
  });

  test('FIREBASE_API_KEY switches the emulator defaults off', () => {
    const config = buildAppConfig({ FIREBASE_API_KEY: 'AIza-real', FIREBASE_PROJECT_ID: 'agentflow-prod' });
    expect(config.emulators).toEqual({ auth: null, firestore: null });
    expect(config.firebase.apiKey).toBe('AIza-real');
    expect(config.firebase.projectId).toBe('agentflow-prod');
  });

  test('with a key, the emulator variables still win', () => {
    const config = buildAppConfig({
      FIREBASE_API_KEY: 'AIza-real',
      FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199',
      FIRESTORE_EMULATOR_HOST: 'localhost:8181',
    });
    expect(config.emulators).toEqual({ auth: 'http://localhost:9199', firestore: 'localhost:8181' });
  });

  test('with a key and only one emulator variable, only that one is used', () => {
    expect(buildAppConfig({ FIREBASE_API_KEY: 'k', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' }).emulators).toEqual({
      auth: null,
      firestore: '127.0.0.1:8080',
    });
  });

  test('without a key, the emulator variables move the emulators', () => {
    expect(buildAppConfig({ FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.5:9099', FIRESTORE_EMULATOR_HOST: '10.0.0.5:8080' }).emulators).toEqual({
      auth: 'http://10.0.0.5:9099',
      firestore: '10.0.0.5:8080',
    });
  });

  test.each<[string, Record<string, string>, string]>([
    ['FIREBASE_PROJECT_ID first', { FIREBASE_PROJECT_ID: 'from-firebase', GCLOUD_PROJECT: 'from-gcloud' }, 'from-firebase'],
    ['then GCLOUD_PROJECT', { GCLOUD_PROJECT: 'from-gcloud' }, 'from-gcloud'],
    ['an empty FIREBASE_PROJECT_ID falls through', { FIREBASE_PROJECT_ID: '', GCLOUD_PROJECT: 'from-gcloud' }, 'from-gcloud'],
    ['else the demo project', {}, DEFAULT_PROJECT_ID],
  ])('project id: %s', (_label, env, expected) => {
    const config = buildAppConfig(env);
    expect(config.firebase.projectId).toBe(expected);
    expect(config.firebase.authDomain).toBe(`${expected}.firebaseapp.com`);
    expect(config.firebase.appId).toBe(`1:000000000000:web:${expected}`);
  });

  test('explicit Firebase web options are passed through; optional ones only when set', () => {
    const config = buildAppConfig({
      FIREBASE_API_KEY: 'k',
      FIREBASE_AUTH_DOMAIN: 'login.example.com',
      FIREBASE_APP_ID: '1:42:web:abc',
      FIREBASE_STORAGE_BUCKET: 'bucket.appspot.com',
      FIREBASE_MESSAGING_SENDER_ID: '42',
    });
    expect(config.firebase).toEqual({
      apiKey: 'k',
      authDomain: 'login.example.com',
      projectId: DEFAULT_PROJECT_ID,
      appId: '1:42:web:abc',
      storageBucket: 'bucket.appspot.com',
      messagingSenderId: '42',
    });
    expect(buildAppConfig({}).firebase).not.toHaveProperty('storageBucket');
    expect(buildAppConfig({}).firebase).not.toHaveProperty('messagingSenderId');
  });

  test('API URLs can be overridden one by one', () => {
    expect(buildAppConfig({ BILLING_API_URL: 'https://billing.example.com' }).apis).toEqual({
      billing: 'https://billing.example.com',
      platform: 'http://127.0.0.1:4002',
    });
    expect(buildAppConfig({ PLATFORM_API_URL: 'https://platform.example.com' }).apis).toEqual({
      billing: 'http://127.0.0.1:4001',
      platform: 'https://platform.example.com',
    });
  });

  test('the Stripe publishable key comes from STRIPE_PUBLISHABLE_KEY, null when unset or blank', () => {
    expect(buildAppConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }).stripePublishableKey).toBe('pk_test_123');
    expect(buildAppConfig({ STRIPE_PUBLISHABLE_KEY: ' pk_live_9 ' }).stripePublishableKey).toBe('pk_live_9');
    expect(buildAppConfig({ STRIPE_PUBLISHABLE_KEY: '  ' }).stripePublishableKey).toBeNull();
    expect(buildAppConfig({ FIREBASE_API_KEY: 'real' }).stripePublishableKey).toBeNull();
  });
});
