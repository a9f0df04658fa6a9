// The public API (issue 24): /v1, called with an API key (apiKeys/authenticate.ts),
// never with an ID token; the app's own /api routes take ID tokens only.
// Each route names the scope it needs; the rest of the table comes route by route.
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_API, apiKeyStatus, publicPageQuerySchema } from '@agentflow/shared/api-keys';
import { parseOr400 } from '@agentflow/shared/server';
import type { RequireApiKey } from '../apiKeys/authenticate.js';
import type { ApiKeyStore } from '../apiKeys/store.js';
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

  router.get(PUBLIC_API.me, requireApiKey(null), async (req, res) => {
    const caller = req.caller!;
    const key = (await store.get(caller.apiKey!.id))!;
    res.json({
      key: { id: key.id, name: key.name, scopes: key.scopes, workspaceId: key.workspaceId, expiresAt: key.expiresAt, status: apiKeyStatus(key, now()) },
      user: { uid: caller.uid, email: caller.email },
    });
  });

  router.get(PUBLIC_API.workflows, requireApiKey('workflows:read'), async (req, res) => {
    res.json(await listPublicWorkflows(db, req, parseOr400(publicPageQuerySchema, req.query)));
  });

  router.get(`${PUBLIC_API.workflows}/:workflowId`, requireApiKey('workflows:read'), async (req, res) => {
    res.json({ workflow: await readPublicWorkflow(db, req, String(req.params.workflowId)) });
  });

  router.get(`${PUBLIC_API.base}/runs/:runId`, requireApiKey('runs:read'), async (req, res) => {
    res.json({ run: await readPublicRun(db, req, String(req.params.runId)) });
  });

  return router;
}
