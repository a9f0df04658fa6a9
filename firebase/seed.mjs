#!/usr/bin/env node
// Seeds what the local platform needs, safely repeatable: every step looks
// before it writes, so running it twice changes nothing the second time.
// Talks to the emulators (FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST)
// and refuses to run against a real project unless told to.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { DEFAULT_DEMO_USER } from '@agentflow/shared/runtime-config';

// The same account the browser's 'Try the demo' signs in with (run-time config).
export const DEMO_USER = {
  uid: 'demo-user',
  email: process.env.DEMO_USER_EMAIL || DEFAULT_DEMO_USER.email,
  password: process.env.DEMO_USER_PASSWORD || DEFAULT_DEMO_USER.password,
  displayName: 'Demo User',
};

/** @returns {Promise<{ demoUser: 'created' | 'unchanged' | 'updated' }>} */
export async function seed({ projectId = process.env.FIREBASE_PROJECT_ID || 'demo-agentflow', allowRealProject = false } = {}) {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST || !process.env.FIRESTORE_EMULATOR_HOST) {
    if (!allowRealProject) {
      throw new Error('Refusing to seed: FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST are not set (pass --real-project to seed a real project).');
    }
  }
  const app = getApps().find((candidate) => candidate.name === 'seed') ?? initializeApp({ projectId }, 'seed');
  const auth = getAuth(app);

  // The demo account behind "Try the demo" (the auth issue uses it).
  let demoUser;
  try {
    const existing = await auth.getUser(DEMO_USER.uid);
    if (existing.email === DEMO_USER.email && existing.displayName === DEMO_USER.displayName) {
      demoUser = 'unchanged';
    } else {
      await auth.updateUser(DEMO_USER.uid, { email: DEMO_USER.email, displayName: DEMO_USER.displayName });
      demoUser = 'updated';
    }
  } catch (error) {
    if (error.code !== 'auth/user-not-found') throw error;
    await auth.createUser({ ...DEMO_USER, emailVerified: true });
    demoUser = 'created';
  }
  return { demoUser };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  seed({ allowRealProject: process.argv.includes('--real-project') })
    .then((result) => {
      console.log(`seed: demo user ${result.demoUser} (${DEMO_USER.email})`);
      process.exit(0);
    })
    .catch((error) => {
      console.error(`seed: ${error.message}`);
      process.exit(1);
    });
}
