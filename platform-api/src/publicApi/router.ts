// The public API (issue 24): /v1, called with an API key (apiKeys/authenticate.ts),
// never with an ID token; the app's own /api routes take ID tokens only.
// Every route is an entry of PUBLIC_ROUTES (@agentflow/shared/api-keys), mounted
// by mountPublicRoute with the entry's scope and schemas. The handlers call
// the app's own functions (startPersonRun, cancelRun, decideApproval, the
// executions query, the vault, the upload path), so /v1 refuses as /api does.
import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_API, PUBLIC_ROUTES, apiKeyStatus } from '@agentflow/shared/api-keys';
import { FILE_ERROR_CODES, HttpError, IDEMPOTENCY_KEY_HEADER } from '@agentflow/shared/server';
import type { RequireApiKey } from '../apiKeys/authenticate.js';
import type { ApiKeyStore } from '../apiKeys/store.js';
import type { ApprovalsModule } from '../approvals/index.js';
import type { CredentialVault } from '../credentials/vault.js';
import type { FilesModule } from '../files/index.js';
import { cancelRun } from '../runs/cancelRun.js';
import type { RunsService } from '../runs/service.js';
import { decidePublicApproval, listPublicRunApprovals } from './approvals.js';
import { listPublicCredentials } from './credentials.js';
import { uploadPublicFile } from './files.js';
import { listPublicRuns } from './listRuns.js';
import { publicRouteMounter } from './mount.js';
import { buildOpenApiDescription, type OpenApiDocument } from './openApi.js';
import { publicRunId, readPublicRun } from './runs.js';
import { startPublicRun } from './startRun.js';
import { keyWorkspace, listPublicWorkflows, readPublicWorkflow } from './workflows.js';

export interface PublicApiOptions {
  db: Firestore;
  requireApiKey: RequireApiKey;
  store: ApiKeyStore;
  /** Runs: started, canceled and decided through the runs module's service. */
  service: RunsService;
  /** Approval requests and notifications (the runs module's). */
  approvals: ApprovalsModule | null;
  /** File storage (null: uploads and file fields are refused, as in the app). */
  files: FilesModule | null;
  vault: CredentialVault;
  /** The API's public URL (PLATFORM_API_URL) for the description's server; absent: each request's own origin. */
  publicUrl?: string | null;
  now?: () => Date;
}

/** How long browsers and proxies may keep the description: it changes only with a deployment. */
const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

export function createPublicApiRouter({ db, requireApiKey, store, service, approvals, files, vault, publicUrl, now = () => new Date() }: PublicApiOptions): Router {
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
  const runDeps = { db, service, files, approvals, now };

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

  mount(PUBLIC_ROUTES.startRun, async ({ params, headers, body }, req, res) => startPublicRun(runDeps, req, res, params.workflowId, body, headers[IDEMPOTENCY_KEY_HEADER]));

  mount(PUBLIC_ROUTES.listRuns, async ({ query }, req) => ({ status: 200, body: await listPublicRuns(db, req, query) }));

  mount(PUBLIC_ROUTES.getRun, async ({ params }, req) => ({ status: 200, body: { run: await readPublicRun(db, req, params.runId) } }));

  mount(PUBLIC_ROUTES.cancelRun, async ({ params }, req) => ({ status: 200, body: await cancelRun(runDeps, req.caller!, publicRunId(params.runId), keyWorkspace(req)) }));

  mount(PUBLIC_ROUTES.listRunApprovals, async ({ params }, req) => ({ status: 200, body: await listPublicRunApprovals(runDeps, req, params.runId) }));

  mount(PUBLIC_ROUTES.decideApproval, async ({ params, body }, req) => ({ status: 200, body: await decidePublicApproval(runDeps, req, params, body) }));

  mount(PUBLIC_ROUTES.listCredentials, async (_input, req) => ({ status: 200, body: await listPublicCredentials(vault, req) }));

  mount(PUBLIC_ROUTES.uploadFile, async (_input, req) => {
    if (!files) throw new HttpError(400, 'This deployment has no file storage: files cannot be uploaded', FILE_ERROR_CODES.notUsable);
    return { status: 201, body: await uploadPublicFile(files, req) };
  });

  return router;
}
