import type { Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { createFirestoreProbe, createMeRouter, createServiceApp } from '@agentflow/shared/server';
import { createMembershipRouter } from './membership/router.js';

export const SERVICE_NAME = 'billing-api';

export interface AppDependencies {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  allowedOrigins: readonly string[];
  /** The ledger's clock (tests move it); the system clock by default. */
  now?: () => Date;
}

/** Builds the billing-api Express app; listening is server.ts's job, so tests mount it on any port. */
export function createApp({ auth, db, logger, allowedOrigins, now }: AppDependencies): Express {
  return createServiceApp({
    name: SERVICE_NAME,
    allowedOrigins,
    logger,
    checkReadiness: createFirestoreProbe(db),
    routes: (app) => {
      app.use(createMeRouter(auth, db, SERVICE_NAME));
      app.use(createMembershipRouter({ auth, db, logger, now }));
    },
  });
}
