// Workflow runs: the document platform-api keeps for every run
// (workflowRuns/{runId}), the endpoints that start, watch and steer runs, and
// the messages the product shows. Pure: shared by platform-api (the engine)
// and mf-workflows (run form, live run view, history).
import type { NodeType, WorkflowEdge, WorkflowNode } from './model.js';
import { FEATURE_COSTS } from '../membership/features.js';
import type { ParentRunLink } from './flowSteps.js';

/** Tokens a run costs to start (FEATURE_COSTS.workflow_run); agent steps add what the model reported. */
export const RUN_START_COST: number = FEATURE_COSTS.workflow_run;

export const WORKFLOW_RUNS_COLLECTION = 'workflowRuns';

/**
 * 'refused': a webhook or schedule run that could not start (no tokens left,
 * a trigger the owner's plan does not include, a missing credential). It is
 * recorded, free, with the reason (errorCode), so the owner sees what was
 * missed; nothing ran.
 */
export const RUN_STATUSES = ['queued', 'running', 'waiting', 'succeeded', 'failed', 'canceled', 'refused'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'canceled', 'refused'];

/** Why a run was refused (WorkflowRun.errorCode of a 'refused' run); the UI translates by it. */
export const RUN_REFUSAL_CODES = ['insufficient_tokens', 'plan_required', 'credential_missing'] as const;
export type RunRefusalCode = (typeof RUN_REFUSAL_CODES)[number];
export function isRunRefusalCode(value: unknown): value is RunRefusalCode {
  return typeof value === 'string' && (RUN_REFUSAL_CODES as readonly string[]).includes(value);
}
export function isTerminalRunStatus(status: RunStatus): boolean {
  return TERMINAL_RUN_STATUSES.includes(status);
}

/** A step is 'skipped' when the branch that leads to it was not taken. */
export const STEP_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped', 'canceled'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** 'error': an error workflow started with the details of another workflow's failed run (Workflow.errorWorkflowId). 'api': started with an API key (POST /v1/workflows/:id/runs); 'mcp': an MCP client called the workflow as a tool. */
export const RUN_TRIGGER_TYPES = ['manual', 'webhook', 'schedule', 'voice', 'rerun', 'poll', 'error', 'subworkflow', 'chat', 'api', 'mcp'] as const;
export type RunTriggerType = (typeof RUN_TRIGGER_TYPES)[number];

export interface RunTrigger {
  type: RunTriggerType;
  /** Who started it (manual, voice, rerun; api and mcp: the key's creator); null for webhook, schedule and poll runs. */
  userId: string | null;
  /** For a re-run: the run whose input it reused. */
  rerunOf?: string | null;
  /** For a schedule run: the tick it belongs to (ISO 8601). */
  scheduledFor?: string | null;
  /** For a poll run: the app trigger and the new item's dedup key value (the item itself is the input). */
  poll?: { connector: string; trigger: string; itemKey: string } | null;
  /** The trigger node that fired (a workflow may have several); absent on runs from before: the first trigger. */
  nodeId?: string | null;
  /** For an error run: the failed run it reports on. */
  failedRunId?: string | null;
}

export interface RunStep {
  /** The node id; a delegated agent call is `${parentStepId}/${delegateNodeId}#${n}`. */
  id: string;
  nodeId: string;
  /** Set on a child step (an agent another agent delegated to). */
  parentStepId: string | null;
  name: string;
  type: NodeType;
  status: StepStatus;
  input: unknown;
  /** The output, truncated past RUN_LIMITS.maxStepOutputBytes (see outputBytes / outputTruncated). */
  output: unknown;
  outputBytes: number;
  outputTruncated: boolean;
  error: string | null;
  /** A stable code for a failed step's `error` when it has one (credential_not_in_workspace...); the UI translates by it. */
  errorCode?: string | null;
  tokens: number;
  attempts: number;
  startedAt: string | null;
  endedAt: string | null;
  /** For a condition: the branch taken ('true' | 'false'). */
  branch?: string | null;
  /** A run started at a later node ("run from here"): this step did not run, its output is the node's pinned output (nothing charged). */
  pinned?: boolean;
  /** A step of a loop's body: the 0-based item it ran for (parentStepId is the loop step; loop.ts). */
  item?: number;
  /** A wait step: when it ends (ISO); the resume sweep finishes it then. */
  resumeAt?: string | null;
  /** A sub-workflow step: the child run it started (WorkflowRun.parentRun links back). */
  childRunId?: string | null;
  /** A failed step whose failure the node's onError setting handled ('continue' / 'branch'): its output is `{ error, input }` and the run went on. */
  handled?: boolean;
  /** Lines a code step printed with console.* (last attempt; capped, see CODE_LIMITS). */
  logs?: string[];
}

export interface WorkflowRun {
  id: string;
  workflowId: string;
  workflowVersion: number;
  workflowName: string;
  /** The workflow as it was when the run started (the engine runs this copy). */
  snapshot: { nodes: WorkflowNode[]; edges: WorkflowEdge[]; errorWorkflowId?: string | null };
  /**
   * Who pays: the user whose plan and tokens the run uses — the owner of the
   * workflow's workspace (an organization's owner; a personal workflow's
   * owner, also when a user it is shared with starts it).
   */
  ownerId: string;
  /** The workflow's organization when it has one (approvers' roles are checked there too). */
  organizationId?: string | null;
  /**
   * The workspace the run belongs to (workspaceKey of its workflow at start:
   * the organization id, or `user:<uid>`), so one equality filter lists a
   * workspace's runs; absent on runs from before workspaces (backfilled).
   */
  workspaceId?: string;
  /** Who started it (uid); null for webhook, schedule, poll and error runs. Absent on old runs: trigger.userId. */
  startedBy?: string | null;
  /** The name of the trigger node that fired, kept at start so lists need not read the snapshot (absent on old runs). */
  triggerName?: string | null;
  status: RunStatus;
  trigger: RunTrigger;
  input: Record<string, unknown>;
  /** The outputs of the run's output nodes, keyed by node id. */
  output: Record<string, unknown> | null;
  error: string | null;
  /** A stable code for `error` when there is one (a refused run's RunRefusalCode); the UI translates by it. */
  errorCode?: string | null;
  /** A sub-workflow's run: the run and step that started it (trigger type 'subworkflow'). */
  parentRun?: ParentRunLink | null;
  /** How deep under a top-level run (0 or absent: top level); SUBWORKFLOW_LIMITS.maxDepth refuses deeper. */
  depth?: number;
  /** A waiting run: the earliest end of its waiting wait steps (derived as it is stored; the resume sweep queries it). */
  resumeAt?: string | null;
  /** Everything the run cost: the start token (RUN_START_COST) plus the tokens its agent steps used. */
  tokensUsed: number;
  steps: RunStep[];
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  updatedAt: string;
}

/** A row of a workflow's run history. */
export type WorkflowRunSummary = Pick<
  WorkflowRun,
  'id' | 'workflowId' | 'workflowVersion' | 'status' | 'trigger' | 'tokensUsed' | 'error' | 'errorCode' | 'createdAt' | 'startedAt' | 'endedAt'
> & {
  /** The name of the trigger node that fired, as in the run's snapshot (firedTriggerOf); absent from rows kept before it was listed. */
  triggerName?: string | null;
};

export const RUN_LIMITS = {
  maxStepOutputBytes: 16_000,
  maxInputBytes: 100_000,
  maxHttpResponseBytes: 1_000_000,
  maxAgentSteps: 8,
  historyPageSize: 50,
  /** A step without its own timeout (transform, condition, output...). */
  defaultStepTimeoutMs: 10_000,
  /** An agent step, with its model calls and delegations. */
  agentStepTimeoutMs: 180_000,
  /** Attempts of a step that fails with a transient error (provider 429/5xx, network, HTTP 5xx, timeout). */
  maxAttempts: 3,
  /** First retry delay; doubled for each further attempt. */
  retryBaseDelayMs: 500,
} as const;

/**
 * What a step sees as its input (JSONata `$`, and the data of `{{ … }}`
 * templates): the run input under `input` (and under `trigger` and the
 * trigger node's id), plus the output of every step upstream of it that
 * succeeded, under that step's node id:
 *   { input: {…}, trigger: {…}, lead: {…}, qualify: {score: 82, …} }
 * A condition's output is its boolean result; an approval's is
 * {approved, by, comment, decidedAt}.
 */
export type StepInput = Record<string, unknown> & { input: Record<string, unknown> };

/** Server-only collections (browsers are denied by the rules). */
export const RUN_SERVER_COLLECTIONS = {
  /** workflowSecrets/{workflowId}: the webhook secret of a workflow. */
  webhookSecrets: 'workflowSecrets',
  /** scheduleTicks/{workflowId}_{tickIso}: one per schedule tick, created with its run. */
  scheduleTicks: 'scheduleTicks',
  /** workflowRuns/{runId}/stepOutputs/{stepId}: a full output that was truncated in the run document. */
  stepOutputs: 'stepOutputs',
  /** connectorPolls/{workflowId}: a poll trigger's cursor, last error and lease. */
  connectorPolls: 'connectorPolls',
  /** connectorPollItems/{workflowId}_{sha256 of the item's dedup key}: one per polled item, created with its run. */
  connectorPollItems: 'connectorPollItems',
  /** errorWorkflowStarts/{failedRunId}: the claim that a failed run's error workflow was started (once), deleted with the run. */
  errorWorkflowStarts: 'errorWorkflowStarts',
} as const;

export const RUNS_API = {
  /** POST {input} → 202 {runId}; GET → {runs: WorkflowRunSummary[]} (newest first). */
  workflowRuns: (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/runs`,
  /** GET → WorkflowRun. */
  run: (runId: string) => `/api/runs/${encodeURIComponent(runId)}`,
  /** GET, text/event-stream: `event: run` with the whole WorkflowRun as data on every change; ends after a terminal status. */
  runEvents: (runId: string) => `/api/runs/${encodeURIComponent(runId)}/events`,
  cancel: (runId: string) => `/api/runs/${encodeURIComponent(runId)}/cancel`,
  /** POST {stepId?, comment?} */
  approve: (runId: string) => `/api/runs/${encodeURIComponent(runId)}/approve`,
  reject: (runId: string) => `/api/runs/${encodeURIComponent(runId)}/reject`,
  /** GET → {url, secret} for the owner; POST rotates the secret. */
  webhookSecret: (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/webhook`,
  /** Public webhook trigger: POST any JSON → 202 {runId}; 404 for a wrong workflow or secret alike. */
  hook: (workflowId: string, secret: string) => `/api/hooks/${encodeURIComponent(workflowId)}/${encodeURIComponent(secret)}`,
  /** GET → {configured: boolean, providers: string[], model: string|null} so the builder can say how to connect one. */
  aiStatus: '/api/ai/status',
} as const;

export interface StartRunRequest {
  input: Record<string, unknown>;
  /** Re-run: reuse this earlier run's input. */
  rerunOf?: string;
  /** Run from here: start at this node; the nodes upstream of it give their pinned output (400 pin-missing when one has none). */
  startAt?: string;
  /** How the person asked: 'voice' records the run's trigger as voice ("run workflow X"); absent: manual. */
  via?: 'voice';
}
export interface StartRunResponse {
  runId: string;
}
export interface RunListResponse {
  runs: WorkflowRunSummary[];
}
export interface ApprovalRequest {
  /** The waiting approval step; the first waiting one when omitted. */
  stepId?: string;
  comment?: string;
}
export interface WebhookInfo {
  url: string;
  secret: string;
}
export interface AiStatus {
  configured: boolean;
  providers: string[];
  model: string | null;
}

export const RUN_MESSAGES = {
  noProvider: 'No AI provider is configured. Set AI_BASE_URL and AI_API_KEY, or OLLAMA_URL, for platform-api.',
  interrupted: 'Interrupted by a restart',
  canceled: 'Canceled',
  rejected: 'Rejected',
  /** A template runs only as the caller's own copy. */
  copyTemplateFirst: 'Copy this template to your workflows before running it',
  notAllowedToRun: 'Forbidden: you may not run this workflow',
  notAllowedToApprove: 'Forbidden: you are not one of the approvers of this step',
} as const;

/** A step that ran out of time (the message names the limit). */
export function timeoutMessage(ms: number): string {
  return `Timed out after ${ms} ms`;
}
