// POST /api/workflows/:workflowId/nodes/:nodeId/test (STEP_TEST_API in
// shared/src/domain/workflow/testStep.ts): "Test step" in the builder. The
// node is the stored workflow's (the builder saves first, as for Run); the
// caller must be allowed to run the workflow (access.ts) and pass what a
// manual run of it must (trash, credentials: RunsService.checkStart); the
// step runs as in a run and is charged once (stepTest.ts) to whoever pays
// the workflow's runs: its workspace's owner (workspacePayer), not the tester.
//
// Answers: 200 StepTestResponse (a step that failed too: status 'failed');
// 400 naming the field (body, Idempotency-Key) or node-not-testable (an
// approval); 401; 402 insufficient_tokens (nothing ran); 403 (template, not
// allowed to run); 404 (workflow, or node-not-found); 409 workflow-in-trash,
// credential_missing, test-already-charged (a retried key); 413 input too
// large. Refusals run and charge nothing.
import type { Request, RequestHandler, Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError, idempotencyKeyOf } from '@agentflow/shared/server';
import {
  RUN_MESSAGES,
  STEP_TEST_ERROR_CODES,
  STEP_TEST_IDEMPOTENCY_HEADER,
  STEP_TEST_LIMITS,
  delegatesOf,
  isTrigger,
  reachableFrom,
  stepTestInput,
  stepTestRequestSchema,
  type Workflow,
} from '@agentflow/shared/workflow';
import { mayRunWorkflow, workspacePayer } from './access.js';
import type { StepTestMeter } from './ports.js';
import { caller, parseOr400, pathParam, refusalAsHttp } from './routeKit.js';
import { newRunId } from './runModel.js';
import { WorkflowInTrashError, isInTrash, type RunsService } from './service.js';
import { runStepTest } from './stepTest.js';

export interface StepTestRouteContext {
  db: Firestore;
  authed: RequestHandler;
  service: RunsService;
  loadWorkflow: (workflowId: string) => Promise<Workflow>;
  meter: StepTestMeter;
}

/** The request's Idempotency-Key; null without one (each such request is a new test). */
const testKeyOf = (req: Request): string | null => idempotencyKeyOf(req.get(STEP_TEST_IDEMPOTENCY_HEADER));

/** The node and the agents it may delegate to: what the credential preflight checks for this test. */
function testedNodes(workflow: Workflow, nodeId: string): Workflow['nodes'] {
  const byId = new Map(workflow.nodes.map((node) => [node.id, node]));
  const ids = reachableFrom([nodeId], (id) => delegatesOf(byId.get(id)), (id) => byId.has(id));
  return workflow.nodes.filter((node) => ids.has(node.id));
}

export function mountStepTests(router: Router, { db, authed, service, loadWorkflow, meter }: StepTestRouteContext): void {
  router.post('/api/workflows/:workflowId/nodes/:nodeId/test', authed, async (req, res) => {
    const user = caller(req);
    const workflowId = pathParam(req, 'workflowId');
    const nodeId = pathParam(req, 'nodeId');
    const givenKey = testKeyOf(req);
    const body = parseOr400(stepTestRequestSchema, req.body);
    if (body.input !== undefined && Buffer.byteLength(JSON.stringify(body.input)) > STEP_TEST_LIMITS.maxInputBytes) {
      throw new HttpError(413, `input is larger than ${STEP_TEST_LIMITS.maxInputBytes} bytes`);
    }
    const workflow = await loadWorkflow(workflowId);
    if (workflow.visibility === 'template') throw new HttpError(403, RUN_MESSAGES.copyTemplateFirst);
    if (!(await mayRunWorkflow(db, user, workflow))) throw new HttpError(403, RUN_MESSAGES.notAllowedToRun);
    if (isInTrash(workflow)) throw refusalAsHttp(new WorkflowInTrashError(workflow.id))!;
    const node = workflow.nodes.find((candidate) => candidate.id === nodeId);
    if (!node) throw new HttpError(404, `The workflow has no node '${nodeId}' (save it first)`, STEP_TEST_ERROR_CODES.nodeNotFound);
    if (node.type === 'approval') throw new HttpError(400, 'An approval step waits for a person: it cannot be tested alone', STEP_TEST_ERROR_CODES.nodeNotTestable);
    const input = stepTestInput(body.input);
    const payer = await workspacePayer(db, workflow);
    if (!isTrigger(node.type)) {
      try {
        await service.checkStart({ workflow: { ...workflow, nodes: testedNodes(workflow, node.id) }, ownerId: user.uid, trigger: { type: 'manual', userId: user.uid }, input: input.input });
      } catch (error) {
        throw refusalAsHttp(error) ?? error;
      }
      if (givenKey !== null && (await meter.charged(payer, givenKey))) {
        throw new HttpError(409, `This test was charged already (${STEP_TEST_IDEMPOTENCY_HEADER} reused): send a new key to test again`, STEP_TEST_ERROR_CODES.testAlreadyCharged);
      }
    }
    // The caller going away stops the step (what it used so far is still charged, as in a canceled run).
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) gone.abort(new Error('The request was closed'));
    });
    try {
      const answer = await runStepTest(service.executor, meter, { workflow, node, ownerId: payer, testerId: user.uid, testKey: givenKey ?? newRunId(), input, signal: gone.signal });
      res.json(answer);
    } catch (error) {
      throw refusalAsHttp(error) ?? error;
    }
  });
}
