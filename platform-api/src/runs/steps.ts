// What each node type does when the executor reaches it (the agent step is
// in agentStep.ts). A handler gets the step's input and an AbortSignal
// (cancel or timeout) and returns the step's output; the executor records,
// retries and times it.
import {
  RUN_LIMITS,
  TRIGGER_TYPES,
  parseNodeParams,
  type HttpParams,
  type NodeType,
  type RunStep,
  type StepInput,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import { ResponseTooLargeError, safeFetch, type SafeFetchPolicy } from '../net/safeFetch.js';
import { evaluate, renderTemplate } from '../expressions/evaluate.js';
import type { StoredRun } from './runModel.js';
import type { ChildStepUpdate } from '../agents/runAgent.js';
import { redactValue } from '../agents/providers/redact.js';
import { withAuthHeaders } from '../credentials/httpAuth.js';
import type { RunFiles } from './ports.js';
import { answerFileName, fileBody, responseHandling, tooLargeMessage } from './httpFiles.js';
import { codeHandler } from './code/handler.js';

/** A child step an agent reports (a delegated call); the executor records it in run.steps. The agent defines its shape. */
export type ChildStepReport = ChildStepUpdate;

export interface StepContext {
  run: StoredRun;
  node: WorkflowNode;
  /** The step id (the node id for top-level steps). */
  stepId: string;
  input: StepInput;
  /** Aborted on cancel and on the step's timeout. */
  signal: AbortSignal;
  /** 1 for the first attempt. */
  attempt: number;
  fetchPolicy: SafeFetchPolicy;
  /** Charges (through the meter) tokens a model reported for one call; callKey is stable per call within the attempt. */
  chargeTokens: (tokens: number, callKey: string) => Promise<void>;
  onChildStep: (update: ChildStepReport) => void | Promise<void>;
  /** The run's files (read, save, extract text); absent when the server has no file storage. */
  files?: RunFiles;
  /** Records links on the step while it runs (a wait's end, a sub-workflow's child run, a code step's console lines); a step test keeps only the lines. */
  annotateStep?: (fields: StepAnnotation) => void;
}

/** What a step may record about itself besides its output (RunStep fields). */
export type StepAnnotation = Partial<Pick<RunStep, 'resumeAt' | 'childRunId' | 'logs'>>;

export interface StepResult {
  output: unknown;
  /** A condition's branch. */
  branch?: 'true' | 'false';
  /** An approval: the step (and, once nothing else runs, the run) waits for a decision. */
  waiting?: boolean;
}

export type StepHandler = (context: StepContext) => Promise<StepResult>;

/** A failure worth another attempt (HTTP 5xx/429, network, timeout, provider overloaded). */
export class TransientStepError extends Error {
  readonly transient = true;
  constructor(message: string) {
    super(message);
    this.name = 'TransientStepError';
  }
}

/** A failure that another attempt would repeat (bad params, HTTP 4xx...). */
export class StepFailure extends Error {
  /** A stable code recorded on the step beside the message (RunStep.errorCode); the UI translates by it. */
  readonly stepErrorCode: string | undefined;
  constructor(message: string, stepErrorCode?: string) {
    super(message);
    this.name = 'StepFailure';
    this.stepErrorCode = stepErrorCode;
  }
}

/** The stable code a failure carries for its step (StepFailure, or any error with a string stepErrorCode); null without one. */
export function stepErrorCodeOf(error: unknown): string | null {
  const code = (error as { stepErrorCode?: unknown } | null)?.stepErrorCode;
  return typeof code === 'string' && code ? code : null;
}

function params<T extends NodeType>(node: WorkflowNode, type: T) {
  const parsed = parseNodeParams(type, node.params);
  if (!parsed.success) throw new StepFailure(`Invalid parameters of ${node.name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** Rejects as soon as the signal aborts (JSONata does not watch signals). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const transform: StepHandler = async ({ node, input, signal }) => {
  const { mapping } = params(node, 'transform');
  return { output: await abortable(evaluate(mapping, input), signal) };
};

const condition: StepHandler = async ({ node, input, signal }) => {
  const { expression } = params(node, 'condition');
  const value = await abortable(evaluate(expression, input), signal);
  // JSONata truthiness: empty arrays, empty strings, 0 and null are false.
  const truthy = Array.isArray(value) ? value.length > 0 : Boolean(value);
  return { output: truthy, branch: truthy ? 'true' : 'false' };
};

const output: StepHandler = async ({ node, input, signal }) => {
  const { mapping } = params(node, 'output');
  return { output: mapping ? await abortable(evaluate(mapping, input), signal) : input };
};

const approval: StepHandler = async ({ node }) => {
  const { message, approvers } = params(node, 'approval');
  return { output: { message, approvers }, waiting: true };
};

function parseBody(body: string, contentType: string | undefined): unknown {
  if (body === '') return null;
  if (contentType?.includes('json') || /^[\s]*[[{"]/.test(body)) {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  return body;
}

/**
 * The headers of an HTTP credential for this step (opened for the run's
 * owner, audited), and the secret values in them, which the step redacts
 * from what it records. Absent: a step naming a credential fails.
 */
export type HttpCredentialHeaders = (context: StepContext, credentialId: string) => Promise<{ headers: Record<string, string>; secrets: string[] }>;

/** The HTTP step; with `credentialHeaders`, a step may name a vault credential instead of carrying a secret. */
export function httpHandler(credentialHeaders?: HttpCredentialHeaders): StepHandler {
  return async (context) => {
    const p = params(context.node, 'http');
    let auth: { headers: Record<string, string>; secrets: string[] } = { headers: {}, secrets: [] };
    if (p.credentialId !== undefined) {
      if (!credentialHeaders) throw new StepFailure('This step uses a credential, but credentials are not available on this server');
      auth = await credentialHeaders(context, p.credentialId);
    }
    const result = await httpCall(p, context, auth.headers);
    // Whatever the service echoed of the credential (an auth header, a token) is not kept.
    return auth.secrets.length > 0 ? { output: redactValue(result.output, auth.secrets) } : result;
  };
}

async function httpCall(p: HttpParams, context: StepContext, authHeaders: Record<string, string>): Promise<StepResult> {
  const { input, signal, fetchPolicy } = context;
  const url = await renderTemplate(p.url, input, encodeURIComponent);
  const literal: Record<string, string> = {};
  for (const [name, value] of Object.entries(p.headers)) literal[name] = await renderTemplate(value, input);
  const headers = withAuthHeaders(literal, authHeaders);
  const hasContentType = () => Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  let body: string | Uint8Array | undefined;
  const file = await fileBody(p, context);
  if (file) {
    // A multipart body's type carries its boundary: it replaces any the step set.
    if (p.bodyKind === 'multipart') for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
    if (!hasContentType()) headers['Content-Type'] = file.contentType;
    body = file.body;
  } else {
    body = p.body !== undefined && p.method !== 'GET' ? await renderTemplate(p.body, input) : undefined;
    if (body !== undefined && !hasContentType()) headers['Content-Type'] = 'application/json';
  }
  const textLimit = Math.min(fetchPolicy.maxResponseBytes, RUN_LIMITS.maxHttpResponseBytes);
  const handling = await responseHandling(p, context, textLimit);
  let response;
  try {
    response = await safeFetch(
      { method: p.method, url, headers, body, signal, ...(handling ? { responseLimit: handling.limit, keepBytes: true } : {}) },
      { ...fetchPolicy, timeoutMs: p.timeoutMs, maxResponseBytes: textLimit },
    );
  } catch (error) {
    // Never cut silently: a too large answer fails the step, saying which limit.
    if (error instanceof ResponseTooLargeError) throw new StepFailure(tooLargeMessage(p.method, url, error.limit, handling));
    throw error;
  }
  if (response.status >= 500 || response.status === 429) throw new TransientStepError(`HTTP ${response.status} from ${p.method} ${url}`);
  if (response.status >= 400) throw new StepFailure(`HTTP ${response.status} from ${p.method} ${url}`);
  if (handling && context.files && response.raw && handling.keepAsFile(response.headers, response.raw)) {
    const saved = await context.files.save(context.run, context.stepId, { name: answerFileName(response.headers, url), bytes: response.raw });
    return { output: { status: response.status, headers: response.headers, file: saved } };
  }
  // An answer of unknown type read as text (it was UTF-8) is held to the text limit.
  if (response.bytes > textLimit) throw new StepFailure(tooLargeMessage(p.method, url, textLimit, null));
  return { output: { status: response.status, headers: response.headers, body: parseBody(response.body, response.headers['content-type']) } };
}

/** Handlers of every node type but the triggers (the executor completes those) and the agent. */
export const BUILTIN_HANDLERS: Partial<Record<NodeType, StepHandler>> = { transform, condition, output, approval, http: httpHandler(), code: codeHandler() };

/**
 * Steps that act on nothing outside the run (they compute from their input):
 * a run made of them alone can be written once at its end, since a crash
 * before it loses nothing but time (recovery fails the run as interrupted,
 * as it would have a run stored halfway).
 */
export const DEFERRABLE_STEP_TYPES: ReadonlySet<NodeType> = new Set<NodeType>([...TRIGGER_TYPES, 'transform', 'condition', 'output']);
