// Chat apps (issue 23, item 2): a workflow with a chat trigger published as
// an assistant for a website widget or a hosted page. The workspace's
// publishing routes, the visitors' routes, the answers (one run per message,
// stored when the run ends) and their streams.
import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { WORKFLOW_COLLECTION, workflowFromDocument, type Workflow } from '@agentflow/shared/workflow';
import type { RunsModule } from '../runs/index.js';
import { decodeRun, runRef } from '../runs/store.js';
import { firestoreRunWatcher } from '../runs/webhookAnswer/runWatch.js';
import { ChatAnswers } from './answers.js';
import { ChatLimiter } from './limits.js';
import { SSE_HEARTBEAT_MS } from './sse.js';
import { ChatStore } from './store.js';
import { visitorKeyFromEnv, visitorTokens } from './visitorToken.js';
import { visitorRoutes } from './visitorRoutes.js';
import { workspaceRoutes } from './workspaceRoutes.js';

export interface ChatModuleOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  runs: Pick<RunsModule, 'service' | 'streams'>;
  /** The platform's own origins (the hosted chat page). */
  hostedOrigins: readonly string[];
  /** CHAT_VISITOR_KEY (visitorToken.ts). */
  env?: NodeJS.ProcessEnv;
  heartbeatMs?: number;
  now?: () => Date;
}

export interface ChatModule {
  router: Router;
  answers: ChatAnswers;
  /** Ends open streams and the answers' watches (their answers are stored by the next read). */
  close: () => Promise<void>;
}

export function createChatModule(options: ChatModuleOptions): ChatModule {
  const { db, auth, logger } = options;
  const now = options.now ?? (() => new Date());
  const store = new ChatStore(db, now);
  const loadWorkflow = async (workflowId: string): Promise<Workflow | null> => {
    const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
    return snapshot.exists ? workflowFromDocument(snapshot.id, snapshot.data() ?? {}) : null;
  };
  const answers = new ChatAnswers({
    store,
    service: options.runs.service,
    streams: options.runs.streams,
    watcher: firestoreRunWatcher(db),
    loadRun: async (runId) => decodeRun(await runRef(db, runId).get()),
    logger,
  });
  const open = new Set<() => void>();
  const router = Router();
  router.use(workspaceRoutes({ auth, db, store, answers, loadWorkflow, now }));
  router.use(
    visitorRoutes({
      auth,
      store,
      answers,
      tokens: visitorTokens(db, visitorKeyFromEnv(options.env ?? process.env)),
      limiter: new ChatLimiter(),
      loadWorkflow,
      hostedOrigins: options.hostedOrigins,
      now,
      stream: {
        store,
        streams: options.runs.streams,
        heartbeatMs: options.heartbeatMs ?? SSE_HEARTBEAT_MS,
        register: (stop) => {
          open.add(stop);
          return () => open.delete(stop);
        },
      },
    }),
  );
  return {
    router,
    answers,
    close: async () => {
      for (const stop of [...open]) stop();
      await answers.close();
    },
  };
}
