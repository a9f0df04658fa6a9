import type { Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { createFirestoreProbe, createMeRouter, createServiceApp } from '@agentflow/shared/server';

export const SERVICE_NAME = 'platform-api';

export interface AppDependencies {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  allowedOrigins: readonly string[];
}

/** Builds the platform-api Express app; listening is server.ts's job, so tests mount it on any port. */
export function createApp({ auth, db, logger, allowedOrigins }: AppDependencies): Express {
  return createServiceApp({
    name: SERVICE_NAME,
    allowedOrigins,
    logger,
    checkReadiness: createFirestoreProbe(db),
    routes: (app) => {
      app.use(createMeRouter(auth, db, SERVICE_NAME));
    },
  });
}
