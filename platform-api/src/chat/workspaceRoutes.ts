// The workspace's publishing routes (signed in; CHAT_API's first half): who
// may edit the workflow publishes it as a chat app, changes, pauses or
// deletes the app; who may view the workflow reads the app and its
// conversations, each answer with the run behind it. The app belongs to the
// workflow's workspace, whose owner pays for every answer.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError, isDocumentId, requireAuth } from '@agentflow/shared/server';
import { CHAT_API, CHAT_ERROR_CODES, DEFAULT_CHAT_COLOUR, DEFAULT_CHAT_LIMITS, DEFAULT_CHAT_MEMORY, createChatAppSchema, updateChatAppSchema, type ChatApp } from '@agentflow/shared/chat';
import type { WorkflowAccessTarget, WorkflowAction } from '@agentflow/shared/rbac';
import type { Workflow } from '@agentflow/shared/workflow';
import { caller, parseOr400 } from '../runs/routeKit.js';
import { workflowAllows } from '../runs/access.js';
import { resolveWorkspaceScope } from '../dashboard/workspaceScope.js';
import type { ChatAnswers } from './answers.js';
import type { ChatStore } from './store.js';

export interface WorkspaceRoutesDeps {
  auth: Auth;
  db: Firestore;
  store: ChatStore;
  answers: ChatAnswers;
  loadWorkflow: (workflowId: string) => Promise<Workflow | null>;
  now: () => Date;
}

const appNotFound = () => new HttpError(404, 'No such chat app', CHAT_ERROR_CODES.notFound);

/** An Express path pattern from a CHAT_API builder given ':name' placeholders (which it percent-encodes). */
const route = (path: string): string => decodeURIComponent(path);

export function workspaceRoutes(deps: WorkspaceRoutesDeps): Router {
  const router = Router();
  const { db, store } = deps;
  const authed = requireAuth(deps.auth);
  const handle =
    (run: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    (req, res, next) => {
      run(req, res).catch(next);
    };

  /** The app the path names when the caller may do `action` to its workflow (404 alike when they may not see it). */
  const appFor = async (req: Request, action: WorkflowAction): Promise<ChatApp> => {
    const appId = req.params.appId;
    const app = isDocumentId(appId) ? await store.app(appId) : null;
    if (!app) throw appNotFound();
    const workflow = await deps.loadWorkflow(app.workflowId);
    // A workflow deleted for good leaves its app in its workspace: the workspace's rules decide.
    const target: WorkflowAccessTarget = workflow ?? { ownerId: app.ownerId, organizationId: app.organizationId, visibility: app.organizationId ? 'organization' : 'private' };
    const who = caller(req);
    if (await workflowAllows(db, who, target, action)) return app;
    if (action !== 'view' && (await workflowAllows(db, who, target, 'view'))) throw new HttpError(403, 'Forbidden: only those who edit the workflow manage its chat app');
    throw appNotFound();
  };

  router.get(
    CHAT_API.apps,
    authed,
    handle(async (req, res) => {
      const workspaceId = typeof req.query.workspaceId === 'string' ? req.query.workspaceId : 'personal';
      if (workspaceId !== 'personal' && !isDocumentId(workspaceId)) throw new HttpError(400, 'workspaceId must be "personal" or an organization id');
      const scope = await resolveWorkspaceScope(db, caller(req).uid, workspaceId);
      res.json({ apps: await store.appsOf({ ownerId: caller(req).uid, organizationId: scope.organizationId }) });
    }),
  );

  router.post(
    CHAT_API.apps,
    authed,
    handle(async (req, res) => {
      const body = parseOr400(createChatAppSchema, req.body);
      const workflow = await deps.loadWorkflow(body.workflowId);
      if (!workflow) throw new HttpError(404, `Workflow '${body.workflowId}' not found`);
      if (!(await workflowAllows(db, caller(req), workflow, 'edit'))) throw new HttpError(403, 'Forbidden: only those who edit the workflow publish it');
      if (!workflow.nodes.some((node) => node.type === 'trigger.chat')) {
        throw new HttpError(400, 'workflowId: the workflow has no chat trigger; add one to publish it as a chat', CHAT_ERROR_CODES.noChatTrigger, { field: 'workflowId' });
      }
      const now = deps.now().toISOString();
      const app = await store.createApp({
        workflowId: workflow.id,
        ownerId: workflow.ownerId,
        organizationId: workflow.organizationId ?? null,
        status: 'published',
        allowedOrigins: body.allowedOrigins,
        limits: body.limits ?? DEFAULT_CHAT_LIMITS,
        requireSignIn: body.requireSignIn,
        greeting: body.greeting,
        suggestedQuestions: body.suggestedQuestions,
        appearance: body.appearance ?? { name: workflow.name.slice(0, 80) || 'Assistant', colour: DEFAULT_CHAT_COLOUR },
        memory: body.memory ?? DEFAULT_CHAT_MEMORY,
        createdBy: caller(req).uid,
        createdAt: now,
        updatedAt: now,
      });
      res.status(201).json(app);
    }),
  );

  router.get(
    route(CHAT_API.app(':appId')),
    authed,
    handle(async (req, res) => {
      res.json(await appFor(req, 'view'));
    }),
  );

  router.patch(
    route(CHAT_API.app(':appId')),
    authed,
    handle(async (req, res) => {
      const body = parseOr400(updateChatAppSchema, req.body);
      const app = await appFor(req, 'edit');
      res.json(await store.updateApp(app.id, body));
    }),
  );

  router.delete(
    route(CHAT_API.app(':appId')),
    authed,
    handle(async (req, res) => {
      const app = await appFor(req, 'edit');
      await store.deleteApp(app.id);
      res.status(204).end();
    }),
  );

  router.get(
    route(CHAT_API.conversations(':appId')),
    authed,
    handle(async (req, res) => {
      const app = await appFor(req, 'view');
      res.json({ conversations: await store.conversationsOf(app.id) });
    }),
  );

  router.get(
    route(CHAT_API.conversation(':appId', ':conversationId')),
    authed,
    handle(async (req, res) => {
      const app = await appFor(req, 'view');
      const conversationId = req.params.conversationId;
      const conversation = isDocumentId(conversationId) ? await store.conversation(conversationId) : null;
      if (!conversation || conversation.appId !== app.id) throw appNotFound();
      // Each answer keeps its runId: the conversations view links to the run behind it.
      const messages = await deps.answers.settleStale(conversation.id, await store.messagesOf(conversation.id));
      res.json({ conversation, messages });
    }),
  );

  return router;
}
