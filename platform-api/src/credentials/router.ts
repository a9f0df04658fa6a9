// The credential endpoints (CREDENTIALS_API). Every route needs a verified ID
// token; bodies are checked against the credential type's own fields. No
// answer ever holds a secret: reads give settings and 4-character hints.
import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import {
  CREDENTIALS_API,
  CREDENTIAL_ERROR_CODES,
  CREDENTIAL_MESSAGES,
  createCredentialBodySchema,
  isTestableCredentialType,
  isDocumentId,
  listCredentialsQuerySchema,
  notFound,
  parseOr400,
  requireAuth,
  serviceErrors,
  updateCredentialBodySchema,
  type CredentialTestResult,
} from '@agentflow/shared/server';
import type { Logger } from 'pino';
import { redactValue } from '../agents/providers/redact.js';
import type { CredentialVault, OpenedCredential, VaultActor } from './vault.js';

/** Checks an opened credential against its provider (the AI adapters' list of models). */
export type CredentialTester = (credential: OpenedCredential, signal: AbortSignal) => Promise<CredentialTestResult>;

export interface CredentialsRouterOptions {
  auth: Auth;
  vault: CredentialVault;
  logger: Logger;
  test: CredentialTester;
  /** How long a connection test may take. */
  testTimeoutMs?: number;
}

export const CREDENTIAL_TEST_TIMEOUT_MS = 15_000;

function actorOf(req: Request): VaultActor {
  return { userId: req.caller!.uid, userEmail: req.caller!.email ?? null, ipAddress: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}

function credentialId(req: Request): string {
  const id = req.params.id;
  if (typeof id !== 'string' || !isDocumentId(id)) throw notFound(CREDENTIAL_MESSAGES.notFound, CREDENTIAL_ERROR_CODES.notFound);
  return id;
}

export function createCredentialsRouter({ auth, vault, logger, test, testTimeoutMs = CREDENTIAL_TEST_TIMEOUT_MS }: CredentialsRouterOptions): Router {
  const router = Router();
  const authed = requireAuth(auth);

  router.get(CREDENTIALS_API.list, authed, async (req, res) => {
    const { organizationId } = parseOr400(listCredentialsQuerySchema, req.query);
    res.json({ credentials: await vault.list(actorOf(req), organizationId) });
  });

  router.post(CREDENTIALS_API.create, authed, async (req, res) => {
    const body = parseOr400(createCredentialBodySchema, req.body);
    res.status(201).json(await vault.create(actorOf(req), body));
  });

  router.get(`${CREDENTIALS_API.list}/:id`, authed, async (req, res) => {
    res.json(await vault.get(actorOf(req), credentialId(req)));
  });

  router.patch(`${CREDENTIALS_API.list}/:id`, authed, async (req, res) => {
    const actor = actorOf(req);
    const id = credentialId(req);
    // The type decides which fields a body may hold: read it (as the caller may see it) first.
    const current = await vault.get(actor, id);
    const change = parseOr400(updateCredentialBodySchema(current.type), req.body);
    res.json(await vault.update(actor, id, change));
  });

  router.delete(`${CREDENTIALS_API.list}/:id`, authed, async (req, res) => {
    await vault.remove(actorOf(req), credentialId(req));
    res.status(204).end();
  });

  router.post(`${CREDENTIALS_API.list}/:id/test`, authed, async (req, res) => {
    const actor = actorOf(req);
    const id = credentialId(req);
    const view = await vault.get(actor, id);
    // AI keys and app accounts can be checked with their provider (not decrypted otherwise); an HTTP secret only by the service it is sent to.
    if (!isTestableCredentialType(view.type)) {
      const body: CredentialTestResult = { ok: false, models: [], error: CREDENTIAL_MESSAGES.notTestable, code: CREDENTIAL_ERROR_CODES.notTestable };
      res.json(body);
      return;
    }
    const opened = await vault.use(actor, id, { test: true });
    const signal = AbortSignal.timeout(testTimeoutMs);
    // The tester redacts too; this is the last line of defence before the browser.
    res.json(redactValue(await test(opened, signal), Object.values(opened.secrets)));
  });

  router.use(serviceErrors({ store: { name: 'credentials', logger } }));
  return router;
}
