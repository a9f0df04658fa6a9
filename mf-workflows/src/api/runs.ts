// platform-api's run endpoints (RUNS_API), for the run form, the live run
// view, the history, the webhook panel and the AI-provider hint, on the shared
// API client: every call carries the signed-in user's Firebase ID token; a
// non-2xx answer rejects with an ApiError holding the status and the service's
// `{error}` text, which may name an input field ('input.company is required':
// inputFieldOf). The event stream goes through EventSource, which cannot set
// headers: its URL carries the ID token as ?token=.
import { ApiError, createApiClient, type ApiClientOptions } from '@agentflow/shared';
import {
  RUNS_API,
  loopItemPath,
  type LoopItemPage,
  type AiStatus,
  type ApprovalRequest,
  type RunListResponse,
  type StartRunRequest,
  type StartRunResponse,
  type WebhookInfo,
  type WorkflowRun,
  type WorkflowRunSummary,
  STEP_TEST_API,
  STEP_TEST_IDEMPOTENCY_HEADER,
  type StepTestRequest,
  type StepTestResponse,
} from '@agentflow/shared/workflow';
import type { FileRef } from '@agentflow/shared/files';
import { APPROVALS_API, type RunApprovals } from '@agentflow/shared/approvals';
import { createFilesClient, type FilesClient } from './files';

/** 'input.company is required' → 'company'; the engine's zod messages name the field first. */
export function inputFieldOf(message: string): string | null {
  const match = /^input\.([A-Za-z_][A-Za-z0-9_]*)\b/.exec(message);
  return match ? match[1]! : null;
}

/** The part of an EventSource the run view uses (a fake in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/** An approve or reject decision: the approver's uploads go with it as `attachments` (at most DECISION_ATTACHMENT_LIMIT). */
export interface DecisionRequest extends ApprovalRequest {
  attachments?: FileRef[];
}

/** baseUrl is platform-api's origin (usePlatform().config.apis.platform). */
export interface RunsClientOptions extends ApiClientOptions {
  /** Defaults to the browser's EventSource. */
  eventSource?: EventSourceFactory;
}

export interface RunsClient {
  readonly baseUrl: string;
  start(workflowId: string, request: StartRunRequest): Promise<StartRunResponse>;
  /** Newest first. */
  list(workflowId: string): Promise<WorkflowRunSummary[]>;
  get(runId: string): Promise<WorkflowRun>;
  cancel(runId: string): Promise<void>;
  /** Deletes a finished run of the caller's with its files. */
  remove(runId: string): Promise<void>;
  /** Deletes every finished run of the caller's for a workflow, with their files; runs still going are kept. */
  removeFinished(workflowId: string): Promise<{ deleted: number; kept: number }>;
  /** The run's waiting approval steps and whether the caller may decide each (the decide route's own verdict, shares included). */
  approvals(runId: string): Promise<RunApprovals>;
  approve(runId: string, request?: DecisionRequest): Promise<void>;
  reject(runId: string, request?: DecisionRequest): Promise<void>;
  webhook(workflowId: string): Promise<WebhookInfo>;
  rotateWebhook(workflowId: string): Promise<WebhookInfo>;
  aiStatus(): Promise<AiStatus>;
  /** One item of a loop step: the body steps it ran (404 until the item has a record). Optional: test fakes may leave it out. */
  loopItem?(runId: string, loopStepId: string, index: number): Promise<LoopItemPage>;
  /** Tests one node as stored with a sample step input (metered like a run step, no run written); `key`: one test, never charged twice. */
  testStep(workflowId: string, nodeId: string, request: StepTestRequest, key?: string): Promise<StepTestResponse>;
  /** Uploads, links and discards for run form files, step files and decision attachments. */
  readonly files: FilesClient;
  /** Opens the run's event stream (`event: run`, the whole run as data) with a fresh ID token. */
  openEvents(runId: string): Promise<EventSourceLike>;
}

/** An absolute URL for a path the service answered (the webhook URL may come relative). */
export function absoluteUrl(baseUrl: string, url: string): string {
  try {
    return new URL(url, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
  } catch {
    return url;
  }
}

export function createRunsClient(options: RunsClientOptions): RunsClient {
  const { baseUrl, getIdToken, eventSource } = options;
  const call = createApiClient(options);
  const request = <T,>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => call<T>(method, path, { body });

  const withAbsoluteUrl = (info: WebhookInfo): WebhookInfo => ({ ...info, url: absoluteUrl(baseUrl, info.url) });

  return {
    baseUrl,
    start: (workflowId, body) => request<StartRunResponse>('POST', RUNS_API.workflowRuns(workflowId), body),
    list: async (workflowId) => {
      const body = await request<RunListResponse | WorkflowRunSummary[] | undefined>('GET', RUNS_API.workflowRuns(workflowId));
      if (Array.isArray(body)) return body;
      return Array.isArray(body?.runs) ? body.runs : [];
    },
    get: (runId) => request<WorkflowRun>('GET', RUNS_API.run(runId)),
    cancel: async (runId) => {
      await request('POST', RUNS_API.cancel(runId), {});
    },
    remove: async (runId) => {
      await request('DELETE', RUNS_API.run(runId));
    },
    removeFinished: (workflowId) => request<{ deleted: number; kept: number }>('DELETE', RUNS_API.workflowRuns(workflowId)),
    approvals: async (runId) => {
      const body = await request<Partial<RunApprovals> | undefined>('GET', APPROVALS_API.runApprovals(runId));
      return { approvals: Array.isArray(body?.approvals) ? body.approvals : [] };
    },
    approve: async (runId, body = {}) => {
      await request('POST', RUNS_API.approve(runId), body);
    },
    reject: async (runId, body = {}) => {
      await request('POST', RUNS_API.reject(runId), body);
    },
    webhook: async (workflowId) => withAbsoluteUrl(await request<WebhookInfo>('GET', RUNS_API.webhookSecret(workflowId))),
    rotateWebhook: async (workflowId) => withAbsoluteUrl(await request<WebhookInfo>('POST', RUNS_API.webhookSecret(workflowId), {})),
    aiStatus: () => request<AiStatus>('GET', RUNS_API.aiStatus),
    loopItem: (runId, loopStepId, index) => request<LoopItemPage>('GET', loopItemPath(runId, loopStepId, index)),
    testStep: (workflowId, nodeId, body, key) =>
      call<StepTestResponse>('POST', STEP_TEST_API.testStep(workflowId, nodeId), { body, headers: key ? { [STEP_TEST_IDEMPOTENCY_HEADER]: key } : undefined }),
    files: createFilesClient(call),
    openEvents: async (runId) => {
      const idToken = await getIdToken();
      if (!idToken) throw new ApiError('Not signed in', 401);
      const url = `${baseUrl}${RUNS_API.runEvents(runId)}?token=${encodeURIComponent(idToken)}`;
      if (eventSource) return eventSource(url);
      if (typeof globalThis.EventSource !== 'function') throw new ApiError('This browser cannot follow a run live (no EventSource)', 0);
      return new globalThis.EventSource(url) as EventSourceLike;
    },
  };
}
