// The public API (issue 24): /v1, called with an API key (apiKeys/authenticate.ts),
// never with an ID token; the app's own /api routes take ID tokens only.
// Every route is an entry of PUBLIC_ROUTES (@agentflow/shared/api-keys), mounted
// by mountPublicRoute with the entry's scope and schemas.
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_API, PUBLIC_ROUTES, apiKeyStatus } from '@agentflow/shared/api-keys';
import type { RequireApiKey } from '../apiKeys/authenticate.js';
import type { ApiKeyStore } from '../apiKeys/store.js';
import { publicRouteMounter } from './mount.js';
import { buildOpenApiDescription, type OpenApiDocument } from './openApi.js';
import { readPublicRun } from './runs.js';
import { listPublicWorkflows, readPublicWorkflow } from './workflows.js';

export interface PublicApiOptions {
  db: Firestore;
  requireApiKey: RequireApiKey;
  store: ApiKeyStore;
  /** The API's public URL (PLATFORM_API_URL) for the description's server; absent: each request's own origin. */
  publicUrl?: string | null;
  now?: () => Date;
}

/** How long browsers and proxies may keep the description: it changes only with a deployment. */
const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

export function createPublicApiRouter({ db, requireApiKey, store, publicUrl, now = () => new Date() }: PublicApiOptions): Router {
  const router = Router();

  // The description of the routes below, without a key (tools and the reference page read it before
  // anyone holds one). Not a PUBLIC_ROUTES entry: it is the table's own description, and an entry
  // would need a scope and would describe itself. Built once per server URL (the table does not change).
  const descriptions = new Map<string, OpenApiDocument>();
  router.get(PUBLIC_API.openApi, (req, res) => {
    const serverUrl = publicUrl || `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    let description = descriptions.get(serverUrl);
    if (!description) {
      // Bounded: Host is the client's to choose when PLATFORM_API_URL is not set.
      if (descriptions.size >= 16) descriptions.clear();
      description = buildOpenApiDescription({ serverUrl });
      descriptions.set(serverUrl, description);
    }
    res.setHeader('Cache-Control', OPENAPI_CACHE_CONTROL);
    res.json(description);
  });

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
