// Test code only: an in-memory platform-api for the run views, reached through
// a fake fetch that speaks RUNS_API's wire format (JSON bodies, `{error}` on
// refusals, 202 {runId} on start), and a fake EventSource whose stream the
// test drives (open, push a run, drop the connection). Plain functions, no
// jest globals, so the app's type check accepts it; tests spy on what they need.
import { STEP_TEST_IDEMPOTENCY_HEADER, newStep, type AiStatus, type RunStep, type StepTestResponse, type WebhookInfo, type WorkflowRun, type WorkflowRunSummary } from '@agentflow/shared/workflow';
import type { FileRef, UploadedFile } from '@agentflow/shared/files';
import type { ApproverView, RunApprovalView } from '@agentflow/shared/approvals';
import { createRunsClient, type EventSourceLike, type RunsClient } from '../../api/runs';
import { summaryOf } from '../runModel';

export const FAKE_PLATFORM = 'http://platform.test';

export function jsonResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) as unknown, text: async () => text } as Response;
}

const T0 = Date.parse('2024-06-01T10:00:00.000Z');
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/** A step as the engine starts it (the domain's newStep): a pending transform named by its id, unless overridden. */
export function fakeStep(overrides: Partial<RunStep> & Pick<RunStep, 'id'>): RunStep {
  return newStep({ nodeId: overrides.id, parentStepId: null, name: overrides.id, type: 'transform', status: 'pending', ...overrides });
}

export function fakeRun(overrides: Partial<WorkflowRun> = {}): WorkflowRun {
  return {
    id: 'run-1',
    workflowId: 'wf-1',
    workflowVersion: 3,
    workflowName: 'Follow-up e-mail draft',
    snapshot: { nodes: [], edges: [] },
    ownerId: 'user-1',
    status: 'queued',
    trigger: { type: 'manual', userId: 'user-1' },
    input: {},
    output: null,
    error: null,
    tokensUsed: 0,
    steps: [],
    createdAt: at(0),
    startedAt: null,
    endedAt: null,
    updatedAt: at(0),
    ...overrides,
  };
}

/** The approvers an approval node names, as platform-api shows them: an e-mail, a role (ids with '_'), else a user. */
function approverViewsOf(run: WorkflowRun, nodeId: string, labels: Record<string, string>): ApproverView[] {
  const named = (run.snapshot?.nodes.find((node) => node.id === nodeId)?.params as { approvers?: unknown } | undefined)?.approvers;
  const ids = Array.isArray(named) ? named.filter((id): id is string => typeof id === 'string') : [];
  return ids.map((id) => ({ kind: id.includes('@') ? 'email' : id.includes('_') ? 'role' : 'user', id, label: labels[id] ?? id }));
}

/** A file id of the shape platform-api gives (20 letters and digits). */
export const fakeFileId = (n: number) => `file${String(n).padStart(16, '0')}`;

/** A stored file's reference, as a run's input or a step's output holds it. */
export function fakeFileRef(n: number, overrides: Partial<FileRef> = {}): FileRef {
  return { fileId: fakeFileId(n), name: `file-${n}.pdf`, contentType: 'application/pdf', size: 120_000, ...overrides };
}

/** An EventSource the test drives. */
export class FakeEventSource implements EventSourceLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }
  /** `event: run` with the whole run as data, as platform-api sends it. */
  emitRun(run: WorkflowRun): void {
    this.emit('run', JSON.stringify(run));
  }
  emit(type: string, data: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  /** The connection dropped (or was refused). */
  fail(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
  /** A step test's Idempotency-Key header, when sent. */
  idempotencyKey?: string;
}

export interface FakeRunsServer {
  fetch: typeof fetch;
  client: RunsClient;
  runs: Map<string, WorkflowRun>;
  requests: RecordedRequest[];
  /** Every EventSource the client opened, oldest first. */
  sources: FakeEventSource[];
  latestSource(): FakeEventSource;
  aiStatus: AiStatus;
  webhook: WebhookInfo;
  /** Answer the next matching request with this handler's response instead (first match wins, used once). */
  once(method: string, pathPattern: RegExp, respond: (request: RecordedRequest) => Response): void;
  /** Every file uploaded through POST /api/files, in order (with the field it came in). */
  uploads: UploadedFile[];
  /** The ids DELETE /api/files/:id was called with. */
  discarded: string[];
  /** Stores (or replaces) a run and pushes it to every open stream of that run. */
  update(run: WorkflowRun): void;
  /**
   * Whether the caller may decide a waiting approval step, as GET
   * /api/runs/:id/approvals answers it (by default: yes). The approvers come
   * from the run's snapshot, labelled by `approverLabels` when named there.
   */
  mayDecide: (run: WorkflowRun, nodeId: string) => boolean;
  approverLabels: Record<string, string>;
  /** What POST /api/workflows/:id/nodes/:nodeId/test answers (200); by default the step succeeds echoing its input. */
  stepTest: (request: RecordedRequest, nodeId: string) => StepTestResponse;
}

/** `token`: the ID token the client gets (a function is asked on every call; default 'id-token-1'). */
export function createFakeRunsServer(options: { runs?: WorkflowRun[]; token?: string | null | (() => string | null) } = {}): FakeRunsServer {
  const runs = new Map<string, WorkflowRun>((options.runs ?? []).map((run) => [run.id, run]));
  const requests: RecordedRequest[] = [];
  const sources: FakeEventSource[] = [];
  const overrides: Array<{ method: string; pattern: RegExp; respond: (request: RecordedRequest) => Response }> = [];
  let nextRun = 100;
  let nextFile = 1;
  let nextLink = 1;
  const uploads: UploadedFile[] = [];
  const discarded: string[] = [];
  let rotations = 0;

  // As platform-api lists them (the trigger named from the run's snapshot).
  const summary = (run: WorkflowRun): WorkflowRunSummary => summaryOf(run);

  const routes: Array<[string, RegExp, (request: RecordedRequest, match: RegExpExecArray) => Response]> = [
    [
      'POST',
      /^\/api\/workflows\/([^/]+)\/runs$/,
      (request, match) => {
        const body = (request.body ?? {}) as { input?: unknown; rerunOf?: string };
        if (!body.input || typeof body.input !== 'object' || Array.isArray(body.input)) return jsonResponse(400, { error: 'input must be an object' });
        const rerunOf = body.rerunOf ? runs.get(body.rerunOf) : undefined;
        const id = `run-${nextRun++}`;
        const run = fakeRun({
          id,
          workflowId: decodeURIComponent(match[1]!),
          input: rerunOf ? rerunOf.input : (body.input as Record<string, unknown>),
          trigger: { type: rerunOf ? 'rerun' : 'manual', userId: 'user-1', ...(rerunOf ? { rerunOf: rerunOf.id } : {}) },
          createdAt: at(nextRun),
          updatedAt: at(nextRun),
        });
        runs.set(id, run);
        return jsonResponse(202, { runId: id });
      },
    ],
    [
      'GET',
      /^\/api\/workflows\/([^/]+)\/runs$/,
      (_request, match) => {
        const workflowId = decodeURIComponent(match[1]!);
        const list = [...runs.values()].filter((run) => run.workflowId === workflowId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        return jsonResponse(200, { runs: list.map(summary) });
      },
    ],
    [
      'GET',
      /^\/api\/runs\/([^/]+)$/,
      (_request, match) => {
        const run = runs.get(decodeURIComponent(match[1]!));
        return run ? jsonResponse(200, run) : jsonResponse(404, { error: 'Run not found' });
      },
    ],
    [
      'DELETE',
      /^\/api\/workflows\/([^/]+)\/runs$/,
      (_request, match) => {
        const workflowId = decodeURIComponent(match[1]!);
        let deleted = 0;
        let kept = 0;
        for (const [id, run] of [...runs]) {
          if (run.workflowId !== workflowId) continue;
          if (['succeeded', 'failed', 'canceled', 'refused'].includes(run.status)) {
            runs.delete(id);
            deleted += 1;
          } else kept += 1;
        }
        return jsonResponse(200, { deleted, kept });
      },
    ],
    [
      'DELETE',
      /^\/api\/runs\/([^/]+)$/,
      (_request, match) => {
        const id = decodeURIComponent(match[1]!);
        const run = runs.get(id);
        if (!run) return jsonResponse(404, { error: 'Run not found' });
        if (!['succeeded', 'failed', 'canceled', 'refused'].includes(run.status)) return jsonResponse(409, { error: 'Cancel the run before deleting it', code: 'conflict' });
        runs.delete(id);
        return jsonResponse(204);
      },
    ],
    [
      'GET',
      /^\/api\/runs\/([^/]+)\/approvals$/,
      (_request, match) => {
        const run = runs.get(decodeURIComponent(match[1]!));
        if (!run) return jsonResponse(404, { error: 'Run not found' });
        const approvals: RunApprovalView[] = run.steps
          .filter((step) => step.type === 'approval' && step.status === 'waiting')
          .map((step) => ({ nodeId: step.nodeId, mayDecide: server.mayDecide(run, step.nodeId), approvers: approverViewsOf(run, step.nodeId, server.approverLabels) }));
        return jsonResponse(200, { approvals });
      },
    ],
    ['POST', /^\/api\/runs\/([^/]+)\/(cancel|approve|reject)$/, (_request, match) => (runs.has(decodeURIComponent(match[1]!)) ? jsonResponse(200, { ok: true }) : jsonResponse(404, { error: 'Run not found' }))],
    ['GET', /^\/api\/workflows\/([^/]+)\/webhook$/, () => jsonResponse(200, server.webhook)],
    [
      'POST',
      /^\/api\/workflows\/([^/]+)\/webhook$/,
      (_request, match) => {
        rotations += 1;
        const secret = `rotated-secret-${rotations}`;
        server.webhook = { url: `/api/hooks/${match[1]}/${secret}`, secret };
        return jsonResponse(200, server.webhook);
      },
    ],
    ['GET', /^\/api\/ai\/status$/, () => jsonResponse(200, server.aiStatus)],
    ['POST', /^\/api\/workflows\/([^/]+)\/nodes\/([^/]+)\/test$/, (request, match) => jsonResponse(200, server.stepTest(request, decodeURIComponent(match[2]!)))],
    [
      'POST',
      /^\/api\/files$/,
      (request) => {
        if (!(request.body instanceof FormData)) return jsonResponse(400, { error: 'Send the files as multipart/form-data', code: 'bad_upload' });
        const files: UploadedFile[] = [];
        for (const [field, value] of request.body.entries()) {
          if (typeof value === 'string') continue;
          const file: FileRef = { fileId: fakeFileId(nextFile++), name: value.name, contentType: value.type || 'application/octet-stream', size: value.size };
          files.push({ field, file });
        }
        uploads.push(...files);
        return jsonResponse(201, { files });
      },
    ],
    [
      'POST',
      /^\/api\/files\/([^/]+)\/link$/,
      (_request, match) => jsonResponse(200, { url: `${FAKE_PLATFORM}/api/files/${match[1]}/content?exp=1&sig=link-${nextLink++}`, expiresAt: at(300) }),
    ],
    [
      'DELETE',
      /^\/api\/files\/([^/]+)$/,
      (_request, match) => {
        discarded.push(decodeURIComponent(match[1]!));
        return jsonResponse(204);
      },
    ],
  ];

  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = (init.headers ?? {}) as Record<string, string>;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      authorization: headers.Authorization,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body instanceof FormData ? init.body : undefined,
      idempotencyKey: headers[STEP_TEST_IDEMPOTENCY_HEADER],
    };
    requests.push(request);
    const override = overrides.findIndex((o) => o.method === request.method && o.pattern.test(request.path));
    if (override >= 0) return overrides.splice(override, 1)[0]!.respond(request);
    if (!request.authorization?.startsWith('Bearer ')) return jsonResponse(401, { error: 'Missing ID token' });
    for (const [method, pattern, handle] of routes) {
      const match = pattern.exec(request.path);
      if (match && method === request.method) return handle(request, match);
    }
    return jsonResponse(404, { error: 'Not found' });
  }) as typeof fetch;

  const server: FakeRunsServer = {
    fetch: fetchImpl,
    client: createRunsClient({
      baseUrl: FAKE_PLATFORM,
      getIdToken: async () => (typeof options.token === 'function' ? options.token() : options.token === undefined ? 'id-token-1' : options.token),
      fetch: fetchImpl,
      eventSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
    }),
    runs,
    requests,
    sources,
    uploads,
    discarded,
    latestSource: () => {
      const source = sources[sources.length - 1];
      if (!source) throw new Error('No EventSource was opened');
      return source;
    },
    aiStatus: { configured: true, providers: ['openai-compatible'], model: 'gpt-4o-mini' },
    webhook: { url: '/api/hooks/wf-1/secret-1', secret: 'secret-1' },
    once: (method, pattern, respond) => {
      overrides.push({ method, pattern, respond });
    },
    mayDecide: () => true,
    approverLabels: {},
    stepTest: (request) => ({ status: 'succeeded', output: { echoed: (request.body as { input?: unknown } | undefined)?.input ?? null }, durationMs: 420, tokens: 1 }),
    update: (run) => {
      runs.set(run.id, run);
      for (const source of sources) if (!source.closed && source.url.includes(`/api/runs/${encodeURIComponent(run.id)}/events`)) source.emitRun(run);
    },
  };
  return server;
}
