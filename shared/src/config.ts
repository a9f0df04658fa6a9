/** Run-time configuration the shell serves at /app-config.json. */
export interface FirebaseWebOptions {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  storageBucket?: string;
  messagingSenderId?: string;
}

export interface AppConfig {
  firebase: FirebaseWebOptions;
  emulators: {
    /** e.g. http://127.0.0.1:9099, or null for the real Auth service */
    auth: string | null;
    /** host:port, or null for the real Firestore */
    firestore: string | null;
  };
  apis: {
    billing: string;
    platform: string;
  };
  /** The shared showcase account behind 'Try the demo' (public by design), or null when none is configured. */
  demo: { email: string; password: string } | null;
  /** Stripe's publishable key (pk_…) for Stripe.js, or null: Checkout then opens by the session's URL. */
  stripePublishableKey: string | null;
  /**
   * Test-only switches (see shell/src/testing/renderFault.ts). No server of
   * the stack ever sends it: only the end-to-end suite adds it, by answering
   * /app-config.json itself, so production users cannot turn it on.
   */
  testHooks?: boolean;
}

/** Fetches and sanity-checks the run-time configuration. */
export async function loadAppConfig(url = '/app-config.json', fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl(url, { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  }
  const config = (await response.json()) as Partial<AppConfig>;
  if (!config.firebase?.projectId || !config.apis?.billing || !config.apis?.platform) {
    throw new Error(`${url} is missing firebase.projectId or apis`);
  }
  // A configuration served before Stripe was wired in has no key: the same as none.
  return { ...config, stripePublishableKey: typeof config.stripePublishableKey === 'string' && config.stripePublishableKey ? config.stripePublishableKey : null } as AppConfig;
}
