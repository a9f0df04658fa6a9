// The visitors' routes (no account; CHAT_API's public half). Every call names
// its app and is checked against it: the page's Origin must be one the owner
// listed (403 chat_origin_not_allowed; CORS headers only for listed origins),
// a paused app answers 503 with its polite message (chat_paused), messages
// are limited per visitor and per app (429 chat_rate_limited), and a
// conversation is read or continued only with the visitor token it was
// opened with (another visitor's token gets the same 404 as no conversation).
//
// The widget sends only CORS-simple requests (POST with a text/plain body
// holding JSON, the token in the body or in ?token=, EventSource for the
// stream), so no preflight is needed: the service's CORS layer answers
// preflights for its own origins only, and an app's origins are its owner's.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { HttpError, isDocumentId, secondsUntil } from '@agentflow/shared/server';
import {
  CHAT_ERROR_CODES,
  CHAT_LIMITS,
  CHAT_PAUSED_MESSAGE,
  CHAT_API,
  originAllowed,
  openConversationSchema,
  publicChatApp,
  sendMessageSchema,
  type ChatApp,
  type Conversation,
} from '@agentflow/shared/chat';
import type { Workflow } from '@agentflow/shared/workflow';
import { parseOr400 } from '../runs/routeKit.js';
import type { ChatAnswers } from './answers.js';
import type { ChatLimiter } from './limits.js';
import type { ChatStore } from './store.js';
import type { VisitorTokens } from './visitorToken.js';
import { streamAnswerEvents, type AnswerStreamDeps } from './sse.js';

export interface VisitorRoutesDeps {
  auth: Auth;
  store: ChatStore;
  answers: ChatAnswers;
  tokens: VisitorTokens;
  limiter: ChatLimiter;
  loadWorkflow: (workflowId: string) => Promise<Workflow | null>;
  /** The platform's own origins (the hosted chat page): always allowed. */
  hostedOrigins: readonly string[];
  stream: AnswerStreamDeps;
  now: () => Date;
}

const notFound = () => new HttpError(404, 'No such chat or conversation', CHAT_ERROR_CODES.notFound);
const paused = () => new HttpError(503, CHAT_PAUSED_MESSAGE, CHAT_ERROR_CODES.paused);

/** A body as JSON whether it came as application/json or (the widget's simple request) text/plain. */
function bodyOf(req: Request): unknown {
  if (typeof req.body !== 'string') return req.body ?? {};
  try {
    return JSON.parse(req.body) as unknown;
  } catch {
    throw new HttpError(400, 'The body must be JSON');
  }
}

const tooMany = (res: Response, resetTime: Date | undefined, scope: 'visitor' | 'app') => {
  const seconds = secondsUntil(resetTime);
  res.setHeader('Retry-After', String(seconds));
  const who = scope === 'visitor' ? 'You are sending messages too quickly' : 'This assistant is very busy right now';
  res.status(429).json({ error: `${who}; try again in ${seconds} s`, code: CHAT_ERROR_CODES.rateLimited });
};

/**
 * The hosted chat page is served by this API (hostedPage.ts), so its calls come from this API's own origin,
 * whatever PLATFORM_API_URL says: a browser's Origin naming the host it sends the request to is that page.
 */
function sameOrigin(req: Request, origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).host === req.get('host');
  } catch {
    return false;
  }
}

/** An Express path pattern from a CHAT_API builder given ':name' placeholders (which it percent-encodes). */
const route = (path: string): string => decodeURIComponent(path);

export function visitorRoutes(deps: VisitorRoutesDeps): Router {
  const router = Router();
  const { store, tokens, limiter } = deps;
  // The widget's simple requests carry JSON as text/plain (express.json, before, read application/json).
  router.use('/api/chat', express.text({ type: 'text/plain', limit: '32kb' }));

  /** The app the path names, with the Origin checked and CORS answered for it. */
  const appFor = async (req: Request, res: Response): Promise<ChatApp> => {
    const appId = req.params.appId;
    const app = isDocumentId(appId) ? await store.app(appId) : null;
    if (!app) throw notFound();
    const origin = req.get('origin');
    if (!originAllowed([...app.allowedOrigins, ...deps.hostedOrigins], origin) && !sameOrigin(req, origin)) {
      // The refusal is readable by the page (its code says why), so the widget can say so instead of "network error";
      // nothing else is answered to that origin.
      if (origin) res.setHeader('Access-Control-Allow-Origin', origin);
      throw new HttpError(403, 'This website may not use this assistant', CHAT_ERROR_CODES.originNotAllowed);
    }
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.vary('Origin');
    }
    return app;
  };

  /** The conversation the path names when the token is its visitor's (404 otherwise, alike). */
  const conversationFor = async (req: Request, app: ChatApp, token: unknown): Promise<Conversation> => {
    const conversationId = req.params.conversationId;
    if (typeof token !== 'string' || !isDocumentId(conversationId)) throw notFound();
    const [visitorId, conversation] = await Promise.all([tokens.verify(app.id, token), store.conversation(conversationId)]);
    if (!visitorId || !conversation || conversation.appId !== app.id || conversation.visitorId !== visitorId) throw notFound();
    return conversation;
  };

  const handle =
    (run: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    (req, res, next) => {
      run(req, res).catch(next);
    };

  router.get(
    route(CHAT_API.publicApp(':appId')),
    handle(async (req, res) => {
      const app = await appFor(req, res);
      res.json({ ...publicChatApp(app), ...(app.status === 'paused' ? { pausedMessage: CHAT_PAUSED_MESSAGE, code: CHAT_ERROR_CODES.paused } : {}) });
    }),
  );

  router.post(
    route(CHAT_API.open(':appId')),
    handle(async (req, res) => {
      const app = await appFor(req, res);
      if (app.status === 'paused') throw paused();
      const body = parseOr400(openConversationSchema, bodyOf(req));
      let visitorUid: string | null = null;
      if (app.requireSignIn) {
        if (!body.idToken) throw new HttpError(401, 'Sign in to chat with this assistant', CHAT_ERROR_CODES.signInRequired);
        try {
          visitorUid = (await deps.auth.verifyIdToken(body.idToken, true)).uid;
        } catch {
          throw new HttpError(401, 'Your sign-in has expired: sign in again', CHAT_ERROR_CODES.signInRequired);
        }
      }
      const verdict = await limiter.takeOpen(app.id, req.ip ?? 'unknown');
      if (!verdict.ok) return tooMany(res, verdict.resetTime, verdict.scope);
      const known = body.visitorToken ? await tokens.verify(app.id, body.visitorToken) : null;
      const visitor = known ? { visitorId: known, token: body.visitorToken! } : await tokens.issue(app.id);
      const now = deps.now().toISOString();
      const conversation = await store.openConversation({
        appId: app.id,
        workflowId: app.workflowId,
        ownerId: app.ownerId,
        organizationId: app.organizationId,
        visitorId: visitor.visitorId,
        visitorUid,
        origin: req.get('origin') ?? null,
        messageCount: 0,
        createdAt: now,
        updatedAt: now,
      });
      res.status(201).json({ conversationId: conversation.id, visitorToken: visitor.token, app: publicChatApp(app) });
    }),
  );

  router.get(
    route(CHAT_API.visitorConversation(':appId', ':conversationId')),
    handle(async (req, res) => {
      const app = await appFor(req, res);
      const conversation = await conversationFor(req, app, req.query.token);
      const messages = await deps.answers.settleStale(conversation.id, await store.messagesOf(conversation.id));
      // A visitor sees the turns, not the runs behind them.
      res.json({ conversationId: conversation.id, messages: messages.map(({ runId: _runId, ...message }) => message) });
    }),
  );

  router.post(
    route(CHAT_API.send(':appId', ':conversationId')),
    handle(async (req, res) => {
      const app = await appFor(req, res);
      const body = parseOr400(sendMessageSchema, bodyOf(req));
      const conversation = await conversationFor(req, app, body.visitorToken);
      if (app.status === 'paused') throw paused();
      const verdict = await limiter.take(app.id, conversation.visitorUid ?? conversation.visitorId, app.limits);
      if (!verdict.ok) return tooMany(res, verdict.resetTime, verdict.scope);
      if (conversation.messageCount >= CHAT_LIMITS.conversationMessagesMax) throw new HttpError(409, 'This conversation is full: start a new one', CHAT_ERROR_CODES.conversationFull);
      const workflow = await deps.loadWorkflow(app.workflowId);
      if (!workflow) throw notFound();
      const { question, answer } = await deps.answers.ask(app, workflow, conversation, body.text);
      const { runId: _runId, ...shown } = answer;
      res.status(202).json({
        questionId: question.id,
        message: shown,
        stream: CHAT_API.stream(app.id, conversation.id, answer.id),
      });
    }),
  );

  router.get(
    route(CHAT_API.stream(':appId', ':conversationId', ':messageId')),
    handle(async (req, res) => {
      const app = await appFor(req, res);
      const conversation = await conversationFor(req, app, req.query.token);
      const messageId = req.params.messageId;
      const message = isDocumentId(messageId) ? await store.message(conversation.id, messageId) : null;
      if (!message || message.role !== 'assistant') throw notFound();
      streamAnswerEvents(req, res, conversation.id, message, deps.stream);
    }),
  );

  return router;
}
