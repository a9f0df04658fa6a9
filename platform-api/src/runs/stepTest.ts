// "Test step" (issue 19): one node of a stored workflow executed alone on a
// sample input, with the executor's own handlers (agent, app, HTTP with
// credentials and the private-address guard, transform...) through the same
// attempt function (attempt.ts) and the same step context a run gives, so a
// test behaves as that step would in a run. Differences, on purpose:
// - one attempt, whatever the node's retries say (attempt.ts decides it for
//   runs and tests alike): the builder shows what the step answered now,
//   and a backoff of up to minutes would hold the request open;
// - the node's onError is honoured as in a run: a step that fails under
//   'continue' or 'branch' answers status 'failed' with its error, and also
//   `handled` and the `{ error, input }` output its successors would get;
// - nothing is stored: no run document, no step record (the context's run is
//   a transient one with a fresh id, ownerId the workspace's owner who pays
//   as for a manual run, startedBy the tester);
// - ONE ledger debit per test (StepTestMeter), taken when the step ended:
//   a run's start token plus what the step charged (agent tokens priced as
//   in a run, the app step fee), under the test's key, so a retried request
//   is never charged twice. The balance is read first: a test the owner
//   cannot start is refused (402) with nothing run or charged, and a step
//   cannot charge more than the balance (it fails with the ledger's
//   message, as a run's step does).
import { InsufficientTokensError } from '@agentflow/shared/server';
import { messageOf } from '@agentflow/shared/domain';
import {
  RUN_START_COST,
  STEP_TEST_FAILURE_CODES,
  STEP_TEST_LIMITS,
  isTrigger,
  type StepInput,
  type StepTestResponse,
  type Workflow,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import { runStepAttempts } from './attempt.js';
import { errorOutput, handlingOf } from './errors/handled.js';
import type { RunExecutor } from './engine.js';
import { StepTimeoutError } from './failures.js';
import type { StepTestMeter } from './ports.js';
import { newRunId, truncateValue, type StoredRun } from './runModel.js';
import { StepFailure, type ChildStepReport } from './steps.js';

export interface StepTest {
  workflow: Workflow;
  node: WorkflowNode;
  /** Whose tokens the test uses: the workflow's workspace owner, as for a run (workspacePayer). */
  ownerId: string;
  /** Who asked (the run's starter); absent: the owner. */
  testerId?: string;
  /** The test's key (the request's Idempotency-Key, else a fresh one). */
  testKey: string;
  input: StepInput;
  /** Aborts the step (the caller went away). */
  signal: AbortSignal;
}

/** A transient run for the step's context: never stored. */
function transientRun({ workflow, ownerId, testerId, input }: StepTest, now: Date): StoredRun {
  const at = now.toISOString();
  return {
    id: newRunId(),
    workflowId: workflow.id,
    workflowVersion: workflow.version,
    workflowName: workflow.name,
    organizationId: workflow.organizationId ?? null,
    snapshot: { nodes: workflow.nodes, edges: workflow.edges },
    ownerId,
    startedBy: testerId ?? ownerId,
    status: 'running',
    trigger: { type: 'manual', userId: testerId ?? ownerId },
    input: input.input,
    output: null,
    error: null,
    errorCode: null,
    tokensUsed: RUN_START_COST,
    steps: [],
    createdAt: at,
    startedAt: at,
    endedAt: null,
    updatedAt: at,
    lease: null,
  };
}

function failureCode(error: unknown): string {
  if (error instanceof StepTimeoutError) return STEP_TEST_FAILURE_CODES.timeout;
  if ((error as { name?: unknown } | null)?.name === 'InsufficientTokensError') return STEP_TEST_FAILURE_CODES.insufficientTokens;
  return STEP_TEST_FAILURE_CODES.stepFailed;
}

function childLog(update: ChildStepReport): string | null {
  if (update.status === 'running') return null;
  return update.status === 'failed' ? `${update.name}: failed${update.error ? `: ${update.error}` : ''}` : `${update.name}: succeeded${update.tokens ? ` (${update.tokens} tokens)` : ''}`;
}

/**
 * Runs the test and charges it. Throws the ledger's InsufficientTokensError
 * before running when the owner cannot pay the start (nothing runs), and the
 * ledger's errors when the final debit fails (the balance was spent
 * meanwhile: the answer is withheld, nothing was charged).
 */
export async function runStepTest(executor: RunExecutor, meter: StepTestMeter, test: StepTest): Promise<StepTestResponse> {
  const started = Date.now();
  const { node } = test;
  // A trigger runs nothing: it gives its sample input, for free, as in a run.
  if (isTrigger(node.type)) return { status: 'succeeded', output: test.input.trigger ?? test.input.input, durationMs: 0, tokens: 0 };

  const balance = await meter.remaining(test.ownerId);
  if (balance < RUN_START_COST) throw new InsufficientTokensError(RUN_START_COST, balance);
  let cost = RUN_START_COST;
  const charged = new Set<string>();
  const logs: string[] = [];
  const handler = executor.handler(node.type);
  let answer: Omit<StepTestResponse, 'durationMs' | 'tokens'>;
  try {
    if (!handler) throw new StepFailure(`No executor for ${node.type} steps`);
    // One attempt, whatever the node's retries say (attempt.ts: purpose 'test').
    const result = await runStepAttempts({
      handler,
      node,
      purpose: 'test',
      limits: executor.limits,
      signal: test.signal,
      context: (attempt) => ({
        run: transientRun(test, executor.now()),
        node,
        stepId: node.id,
        input: test.input,
        attempt,
        fetchPolicy: executor.options.fetchPolicy,
        // As the run meter: a call reported twice is charged once, and a call the balance cannot pay fails the step.
        chargeTokens: async (tokens, callKey) => {
          if (!Number.isInteger(tokens) || tokens <= 0 || charged.has(callKey)) return;
          if (cost + tokens > balance) throw new InsufficientTokensError(tokens, balance - cost);
          charged.add(callKey);
          cost += tokens;
        },
        onChildStep: (update) => {
          const line = childLog(update);
          if (line) logs.push(line);
        },
        // A code step's console lines (nothing else a step records applies to a test).
        annotateStep: (fields) => {
          if (fields.logs) logs.push(...fields.logs);
        },
        ...(executor.options.files ? { files: executor.options.files } : {}),
      }),
    });
    answer = { status: 'succeeded', output: truncateValue(result.output, STEP_TEST_LIMITS.maxOutputBytes).value };
  } catch (error) {
    answer = { status: 'failed', error: { code: failureCode(error), message: messageOf(error) } };
    // The node's onError, as in a run (errors/handled.ts): 'continue' / 'branch' show the `{ error, input }` its successors would get.
    const handling = handlingOf(node);
    if (handling !== null && !test.signal.aborted) {
      answer = { ...answer, handled: handling, output: truncateValue(errorOutput(error, test.input), STEP_TEST_LIMITS.maxOutputBytes).value };
    }
  }
  await meter.chargeStepTest({ ownerId: test.ownerId, testKey: test.testKey, tokens: cost });
  return { ...answer, durationMs: Date.now() - started, tokens: cost, ...(logs.length > 0 ? { logs } : {}) };
}
