// The knowledge endpoints (KNOWLEDGE_API). Every route needs a verified ID
// token; bodies are checked against the schemas in shared (a 400 names the
// field); creates and deletes leave an audit entry.
import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { parseOr400, requireAuth, type AuditAction } from '@agentflow/shared/server';
import {
  addSourceSchema,
  createKnowledgeBaseSchema,
  KNOWLEDGE_API,
  knowledgeBaseView,
  listKnowledgeBasesQuerySchema,
  searchKnowledgeSchema,
  updateKnowledgeBaseSchema,
  type KnowledgeBaseListResponse,
  type KnowledgeSearchResponse,
  type KnowledgeSourceListResponse,
} from '@agentflow/shared/knowledge';
import type { NewAuditEntry } from '../access/audit.js';
import type { KnowledgeService } from './service.js';

export interface KnowledgeRouterOptions {
  auth: Auth;
  service: KnowledgeService;
  record: (entry: NewAuditEntry) => Promise<void>;
}

// Express patterns of KNOWLEDGE_API's paths (its builders encode what they are given, so they cannot make ':id').
const ONE = `${KNOWLEDGE_API.list}/:id`;
const SOURCES = `${ONE}/sources`;
const SOURCE = `${SOURCES}/:sourceId`;
const RESYNC = `${SOURCE}/resync`;
const SEARCH = `${ONE}/search`;

const param = (req: Request, name: string): string => String(req.params[name] ?? '');

export function createKnowledgeRouter({ auth, service, record }: KnowledgeRouterOptions): Router {
  const router = Router();
  const authed = requireAuth(auth);
  const uid = (req: Request) => req.caller!.uid;
  const audit = (req: Request, action: AuditAction, targetId: string, organizationId: string | null, details: Record<string, unknown>) =>
    record({ userId: uid(req), userEmail: req.caller?.email ?? null, ipAddress: req.ip ?? null, userAgent: req.get('user-agent') ?? null, action, targetType: 'knowledgeBase', targetId, organizationId, details, status: 'success' });

  router.get(KNOWLEDGE_API.list, authed, async (req, res) => {
    const { workspaceId } = parseOr400(listKnowledgeBasesQuerySchema, req.query);
    const body: KnowledgeBaseListResponse = { knowledgeBases: (await service.list(uid(req), workspaceId)).map(knowledgeBaseView) };
    res.json(body);
  });

  router.post(KNOWLEDGE_API.list, authed, async (req, res) => {
    const created = await service.create(uid(req), parseOr400(createKnowledgeBaseSchema, req.body));
    await audit(req, 'CREATE_KNOWLEDGE_BASE', created.id, created.organizationId, { name: created.name, embedding: created.embedding?.credentialId ?? null });
    res.status(201).json(knowledgeBaseView(created));
  });

  router.get(ONE, authed, async (req, res) => {
    res.json(knowledgeBaseView(await service.base(uid(req), param(req, 'id'), 'view')));
  });

  router.patch(ONE, authed, async (req, res) => {
    // The base is checked first: another workspace's base answers 404 whatever the body.
    await service.base(uid(req), param(req, 'id'), 'manage');
    res.json(knowledgeBaseView(await service.update(uid(req), param(req, 'id'), parseOr400(updateKnowledgeBaseSchema, req.body))));
  });

  router.delete(ONE, authed, async (req, res) => {
    const removed = await service.remove(uid(req), param(req, 'id'));
    await audit(req, 'DELETE_KNOWLEDGE_BASE', removed.id, removed.organizationId, { name: removed.name });
    res.status(204).end();
  });

  router.get(SOURCES, authed, async (req, res) => {
    const body: KnowledgeSourceListResponse = { sources: await service.sources(uid(req), param(req, 'id')) };
    res.json(body);
  });

  router.post(SOURCES, authed, async (req, res) => {
    const knowledgeBase = await service.base(uid(req), param(req, 'id'), 'manage');
    const source = await service.addSource(uid(req), knowledgeBase.id, parseOr400(addSourceSchema, req.body));
    await audit(req, 'ADD_KNOWLEDGE_SOURCE', knowledgeBase.id, knowledgeBase.organizationId, { sourceId: source.id, kind: source.kind, name: source.name });
    res.status(202).json(source);
  });

  router.delete(SOURCE, authed, async (req, res) => {
    const knowledgeBase = await service.base(uid(req), param(req, 'id'), 'manage');
    const source = await service.removeSource(uid(req), knowledgeBase.id, param(req, 'sourceId'));
    await audit(req, 'REMOVE_KNOWLEDGE_SOURCE', knowledgeBase.id, knowledgeBase.organizationId, { sourceId: source.id, kind: source.kind, name: source.name });
    res.status(204).end();
  });

  router.post(RESYNC, authed, async (req, res) => {
    res.status(202).json(await service.resync(uid(req), param(req, 'id'), param(req, 'sourceId')));
  });

  router.post(SEARCH, authed, async (req, res) => {
    await service.base(uid(req), param(req, 'id'), 'view');
    const { knowledgeBase, result } = await service.search(uid(req), param(req, 'id'), parseOr400(searchKnowledgeSchema, req.body));
    const body: KnowledgeSearchResponse = { mode: result.mode, retrievalReason: knowledgeBaseView(knowledgeBase).retrievalReason, passages: result.passages };
    res.json(body);
  });

  return router;
}
