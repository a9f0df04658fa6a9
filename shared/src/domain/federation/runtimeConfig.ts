// The configuration the browser receives at run time (/app-config.json), built
// from the serving process's environment, so one build runs against the
// emulators, a staging project or production without being rebuilt.
// The emulator variables are the ones firebase-admin and firebase-tools read.

import type { AppConfig } from './appConfig.js';

export const DEFAULT_PROJECT_ID = 'demo-agentflow';
/** The demo account the seed script creates in the local Auth emulator. */
export const DEFAULT_DEMO_USER = { email: 'demo@agentflow.local', password: 'agentflow-demo' } as const;

export function buildAppConfig(env: Record<string, string | undefined>): AppConfig {
  const projectId = env.FIREBASE_PROJECT_ID || env.GCLOUD_PROJECT || DEFAULT_PROJECT_ID;
  const usingRealProject = Boolean(env.FIREBASE_API_KEY);
  // Without real keys the stack always runs on the emulators.
  const authEmulator = env.FIREBASE_AUTH_EMULATOR_HOST || (usingRealProject ? '' : '127.0.0.1:9099');
  const firestoreEmulator = env.FIRESTORE_EMULATOR_HOST || (usingRealProject ? '' : '127.0.0.1:8080');
  return {
    firebase: {
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
      projectId,
      appId: env.FIREBASE_APP_ID || `1:000000000000:web:${projectId}`,
      ...(env.FIREBASE_STORAGE_BUCKET ? { storageBucket: env.FIREBASE_STORAGE_BUCKET } : {}),
      ...(env.FIREBASE_MESSAGING_SENDER_ID ? { messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID } : {}),
    },
    emulators: {
      auth: authEmulator ? `http://${authEmulator}` : null,
      firestore: firestoreEmulator || null,
    },
    apis: {
      billing: env.BILLING_API_URL || 'http://127.0.0.1:4001',
      platform: env.PLATFORM_API_URL || 'http://127.0.0.1:4002',
    },
    // Defaults only on the emulators; a real project names its demo account explicitly.
    demo:
      env.DEMO_USER_EMAIL && env.DEMO_USER_PASSWORD
        ? { email: env.DEMO_USER_EMAIL, password: env.DEMO_USER_PASSWORD }
        : usingRealProject
          ? null
          : { ...DEFAULT_DEMO_USER },
    // Publishable keys are public by design (they only identify the account to Stripe.js).
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || null,
  };
}
