// platform-api's run endpoints (RUNS_API), for the run form, the live run
// view, the history, the webhook panel and the AI-provider hint. Every call
// carries the signed-in user's Firebase ID token; a non-2xx answer rejects
// with a RunsApiError holding the status, the service's `{error}` text and,
// when the message names an input field ('input.company is required'), that
// field. The event stream goes through EventSource, which cannot set headers:
// its URL carries the ID token as ?token=.
import {
  RUNS_API,
  type AiStatus,
  type ApprovalRequest,
  type RunListResponse,
  type StartRunRequest,
  type StartRunResponse,
  type WebhookInfo,
  type WorkflowRun,
  type WorkflowRunSummary,
} from '@agentflow/shared/workflow';

export class RunsApiError extends Error {
  readonly status: number;
  /** The run-input field the message names (`input.<key> ...`), else null. */
  readonly field: string | null;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'RunsApiError';
    this.status = status;
    this.field = inputFieldOf(message);
  }
}

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

export interface RunsClientOptions {
  /** platform-api's origin (usePlatform().config.apis.platform). */
  baseUrl: string;
  getIdToken: () => Promise<string | null>;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
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
  approve(runId: string, request?: ApprovalRequest): Promise<void>;
  reject(runId: string, request?: ApprovalRequest): Promise<void>;
  webhook(workflowId: string): Promise<WebhookInfo>;
  rotateWebhook(workflowId: string): Promise<WebhookInfo>;
  aiStatus(): Promise<AiStatus>;
  /** Opens the run's event stream (`event: run`, the whole run as data) with a fresh ID token. */
  openEvents(runId: string): Promise<EventSourceLike>;
}

async function errorFrom(response: Response): Promise<RunsApiError> {
  let message = `HTTP ${response.status}`;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') message = (body as { error: string }).error;
  } catch {
    // not JSON: keep the status line
  }
  return new RunsApiError(message, response.status);
}

/** An absolute URL for a path the service answered (the webhook URL may come relative). */
export function absoluteUrl(baseUrl: string, url: string): string {
  try {
    return new URL(url, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
  } catch {
    return url;
  }
}

export function createRunsClient({ baseUrl, getIdToken, fetch: fetchImpl, eventSource }: RunsClientOptions): RunsClient {
  async function token(): Promise<string> {
    const idToken = await getIdToken();
    if (!idToken) throw new RunsApiError('Not signed in', 401);
    return idToken;
  }

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${await token()}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const send = fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    } catch (cause) {
      throw new RunsApiError(cause instanceof Error ? cause.message : String(cause), 0);
    }
    if (!response.ok) throw await errorFrom(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

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
    approve: async (runId, body = {}) => {
      await request('POST', RUNS_API.approve(runId), body);
    },
    reject: async (runId, body = {}) => {
      await request('POST', RUNS_API.reject(runId), body);
    },
    webhook: async (workflowId) => withAbsoluteUrl(await request<WebhookInfo>('GET', RUNS_API.webhookSecret(workflowId))),
    rotateWebhook: async (workflowId) => withAbsoluteUrl(await request<WebhookInfo>('POST', RUNS_API.webhookSecret(workflowId), {})),
    aiStatus: () => request<AiStatus>('GET', RUNS_API.aiStatus),
    openEvents: async (runId) => {
      const url = `${baseUrl}${RUNS_API.runEvents(runId)}?token=${encodeURIComponent(await token())}`;
      if (eventSource) return eventSource(url);
      if (typeof globalThis.EventSource !== 'function') throw new RunsApiError('This browser cannot follow a run live (no EventSource)', 0);
      return new globalThis.EventSource(url) as EventSourceLike;
    },
  };
}
