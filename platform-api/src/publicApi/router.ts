// The public API (issue 24): /v1, called with an API key (apiKeys/authenticate.ts),
// never with an ID token; the app's own /api routes take ID tokens only.
// Every route is an entry of PUBLIC_ROUTES (@agentflow/shared/api-keys), mounted
// by mountPublicRoute with the entry's scope and schemas.
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_ROUTES, apiKeyStatus } from '@agentflow/shared/api-keys';
import type { RequireApiKey } from '../apiKeys/authenticate.js';
import type { ApiKeyStore } from '../apiKeys/store.js';
import { publicRouteMounter } from './mount.js';
import { readPublicRun } from './runs.js';
import { listPublicWorkflows, readPublicWorkflow } from './workflows.js';

export interface PublicApiOptions {
  db: Firestore;
  requireApiKey: RequireApiKey;
  store: ApiKeyStore;
  now?: () => Date;
}

export function createPublicApiRouter({ db, requireApiKey, store, now = () => new Date() }: PublicApiOptions): Router {
  const router = Router();
  const mount = publicRouteMounter(router, requireApiKey);

  mount(PUBLIC_ROUTES.me, async (_input, req) => {
    const caller = req.caller!;
    const key = (await store.get(caller.apiKey!.id))!;
    return {
      status: 200,
      body: {
        key: { id: key.id, name: key.name, scopes: key.scopes, workspaceId: key.workspaceId, expiresAt: key.expiresAt, status: apiKeyStatus(key, now()) },
        user: { uid: caller.uid, email: caller.email },
      },
    };
  });

  mount(PUBLIC_ROUTES.listWorkflows, async ({ query }, req) => ({ status: 200, body: await listPublicWorkflows(db, req, query) }));

  mount(PUBLIC_ROUTES.getWorkflow, async ({ params }, req) => ({ status: 200, body: { workflow: await readPublicWorkflow(db, req, params.workflowId) } }));

  mount(PUBLIC_ROUTES.getRun, async ({ params }, req) => ({ status: 200, body: { run: await readPublicRun(db, req, params.runId) } }));

  return router;
}
