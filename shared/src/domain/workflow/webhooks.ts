// Webhook triggers beyond the schema: the URL a trigger's path shapes, the
// problems only the whole workflow shows (respondWith names a node of it, a
// path used by one webhook trigger only), what a delivery becomes as run
// input, which request headers a "listen for test event" capture keeps, and
// the routes of the webhook answer and capture API. Pure: platform-api's
// webhook route and the builder's webhook panel both import it.
import type { NodeType, WorkflowProblem } from './model.js';

/** One webhook trigger's URL: the workflow's secret hook URL, then the trigger's path (it picks the trigger when there are several). */
export function webhookUrl(hookUrl: string, path: string | undefined): string {
  const base = hookUrl.replace(/\/$/, '');
  return path ? `${base}/${encodeURIComponent(path)}` : base;
}

/** The input a JSON (or empty) delivery becomes: an object as it is, anything else under `body`. */
export function webhookInput(body: unknown): Record<string, unknown> {
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  return body === undefined ? {} : { body };
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A webhook trigger's problems that need the other nodes: respondWith must be
 * a node of the workflow (reason 'unknown-node'), and no other webhook trigger
 * may use the same path, since the path picks the trigger (reason 'duplicate').
 */
export function webhookTriggerProblems(nodeId: string, params: Record<string, unknown>, nodes: readonly { id: string; type: NodeType; params?: unknown }[]): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const respondWith = params.respondWith;
  if (typeof respondWith === 'string' && respondWith.trim() !== '' && !nodes.some((n) => n.id === respondWith)) {
    problems.push({ code: 'invalid-params', nodeId, path: 'respondWith', message: `respondWith names "${respondWith}", which is not a node of this workflow`, reason: 'unknown-node', params: { node: respondWith } });
  }
  const path = params.path;
  if (typeof path === 'string' && path !== '' && nodes.some((n) => n.id !== nodeId && n.type === 'trigger.webhook' && isRecord(n.params) && n.params.path === path)) {
    problems.push({ code: 'invalid-params', nodeId, path: 'path', message: `path "${path}" is used by another webhook trigger of this workflow`, reason: 'duplicate', params: { value: path } });
  }
  return problems;
}

// ---------------------------------------------------------------- listen for a test event

/** How long one "listen for test event" waits for a request. */
export const WEBHOOK_LISTEN_MS = 120_000;

/** Headers a capture never keeps: credentials, cookies, signatures, and the proxy's view of the sender. */
const SECRET_HEADER = /auth|token|secret|signature|password|session|cookie|api[-_]?key|^x-forwarded-|^forwarded$|^x-real-ip$|^host$|^connection$|^content-length$/i;
const MAX_CAPTURED_HEADERS = 30;

/** The request headers a capture keeps (lower-case names): none that carries a secret, nor the trigger's own secret header. */
export function capturedHeaders(headers: Record<string, string | string[] | undefined>, secretHeader?: string): Record<string, string> {
  const kept: Record<string, string> = {};
  const own = secretHeader?.toLowerCase();
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || key === own || SECRET_HEADER.test(key)) continue;
    kept[key] = (Array.isArray(value) ? value.join(', ') : value).slice(0, 500);
    if (Object.keys(kept).length >= MAX_CAPTURED_HEADERS) break;
  }
  return kept;
}

/** A captured test request: `input` is exactly the run input it would have made (pinned as the trigger's sample). */
export interface WebhookCapture {
  capturedAt: string;
  method: string;
  input: Record<string, unknown>;
  query: Record<string, string>;
  headers: Record<string, string>;
}

/** GET of the listen route: the listening window (null when none is open) and the last capture of the trigger. */
export interface WebhookListenState {
  until: string | null;
  capture: WebhookCapture | null;
}

export const WEBHOOK_API = {
  /** POST → {until}: the trigger's next request within WEBHOOK_LISTEN_MS is captured, not run (200 {captured: true}). GET → WebhookListenState. */
  listen: (workflowId: string, nodeId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/nodes/${encodeURIComponent(nodeId)}/listen`,
  /** GET, with the hook's secret: a 'whenDone' webhook's answer once the run is done (202 while it is not). */
  answer: (workflowId: string, secret: string, runId: string) => `/api/hooks/${encodeURIComponent(workflowId)}/${encodeURIComponent(secret)}/runs/${encodeURIComponent(runId)}`,
} as const;

/** Codes of the webhook answers beside the English message. */
export const WEBHOOK_ANSWER_CODES = { runFailed: 'run-failed', listenExpired: 'listen-expired' } as const;
