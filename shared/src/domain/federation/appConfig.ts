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
