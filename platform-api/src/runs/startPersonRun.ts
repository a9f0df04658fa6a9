// Starting a run on a person's behalf, one function for every door it comes
// through: the app's run form and voice command (POST /api/workflows/:id/runs),
// the public API (POST /v1/workflows/:id/runs, trigger 'api') and the MCP
// server (trigger 'mcp'). Each door parses its own body; the rules are here,
// so every door refuses alike:
// 403 copy-template-first / not-allowed-to-run, 404 unknown workflow (and one
// outside the caller's workspace when the door names it), 409 workflow in the
// trash, 400 a workflow that does not validate or input that does not fit the
// manual trigger's form (naming the field), 413 input too large, and the
// service's refusals (402 insufficient_tokens, 403 plan_required, 409
// credential missing) through refusalAsHttp.
import type { Firestore } from 'firebase-admin/firestore';
import { FILE_ERROR_CODES, HttpError, REQUEST_ERROR_CODES, isDocumentId, isFileRef, type Caller } from '@agentflow/shared/server';
import {
  RUN_LIMITS,
  RUN_MESSAGES,
  WORKFLOW_COLLECTION,
  failedRunDetailsSchema,
  personTriggerOf,
  runInputSchema,
  sampleFailedRunDetails,
  templateById,
  validateWorkflow,
  workflowFromDocument,
  type InputField,
  type RunTrigger,
  type Workflow,
} from '@agentflow/shared/workflow';
import { FileRefusedError, type FilesModule } from '../files/index.js';
import { mayRunWorkflow, workflowInWorkspace, type CallerWorkspace } from './access.js';
import type { RunInputFile } from './ports.js';
import { parseOr400, refusalAsHttp } from './routeKit.js';
import { WorkflowInTrashError, isInTrash, type RunsService } from './service.js';
import { decodeRun, runRef } from './store.js';

export interface StartRunDeps {
  db: Firestore;
  service: RunsService;
  /** File storage for the form's file fields; null: a run with a file refuses (file_not_usable). */
  files: FilesModule | null;
}

/** How a person's run came in: the run form, a voice command, the public API, an MCP client. A re-run is asked with `rerunOf`. */
export type PersonTriggerType = 'manual' | 'voice' | 'api' | 'mcp';

export interface PersonRunRequest {
  input: Record<string, unknown>;
  trigger: PersonTriggerType;
  /** Re-run: the earlier run of this workflow whose input (and files) are used again; the trigger is then 'rerun'. */
  rerunOf?: string;
  /** Run from here: the node the run starts at (pinned outputs stand in for the steps before). */
  startAt?: string;
  /** The workspace the caller acts in (an API key's): a workflow elsewhere is the same 404 as a missing one. */
  workspace?: CallerWorkspace;
}

const workflowNotFound = (workflowId: string) => new HttpError(404, `Workflow '${workflowId}' not found`);

/** A workflow by id; 403 for a template's id (copy it first), 404 when there is none. */
export async function loadWorkflow(db: Firestore, workflowId: string): Promise<Workflow> {
  const snapshot = await db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
  if (!snapshot.exists) {
    if (templateById(workflowId)) throw new HttpError(403, RUN_MESSAGES.copyTemplateFirst);
    throw workflowNotFound(workflowId);
  }
  return workflowFromDocument(snapshot.id, snapshot.data() ?? {});
}

/** 400 for a workflow that does not validate, naming its first problem. */
export function checkValid(workflow: Workflow): void {
  const problems = validateWorkflow(workflow);
  if (problems.length > 0) throw new HttpError(400, `The workflow cannot run: ${problems[0]!.message}`);
}

/** Starts a run through the service, its refusals as HTTP errors (402, 403 plan, 409, 413 input too large). */
export async function startCheckedRun(
  service: RunsService,
  run: { workflow: Workflow; ownerId: string; trigger: RunTrigger; input: Record<string, unknown>; files?: readonly RunInputFile[]; startAt?: string },
): Promise<string> {
  if (Buffer.byteLength(JSON.stringify(run.input)) > RUN_LIMITS.maxInputBytes) throw new HttpError(413, `input is larger than ${RUN_LIMITS.maxInputBytes} bytes`);
  try {
    return await service.start({ workflow: run.workflow, ownerId: run.ownerId, trigger: run.trigger, input: run.input, files: run.files ?? [], ...(run.startAt !== undefined ? { startAt: run.startAt } : {}) });
  } catch (error) {
    if (error instanceof FileRefusedError) throw error.toHttp();
    throw refusalAsHttp(error) ?? error;
  }
}

/** Starts the workflow for the caller as its person trigger (the manual trigger, or the first trigger); the new run's id. */
export async function startPersonRun(deps: StartRunDeps, caller: Caller, workflowId: string, request: PersonRunRequest): Promise<string> {
  const { db } = deps;
  const workflow = await loadWorkflow(db, workflowId);
  if (request.workspace && !workflowInWorkspace(workflow, request.workspace)) throw workflowNotFound(workflowId);
  if (workflow.visibility === 'template') throw new HttpError(403, RUN_MESSAGES.copyTemplateFirst);
  if (!(await mayRunWorkflow(db, caller, workflow))) throw new HttpError(403, RUN_MESSAGES.notAllowedToRun);
  if (isInTrash(workflow)) throw refusalAsHttp(new WorkflowInTrashError(workflow.id))!;
  checkValid(workflow);
  let input = request.input;
  // A person's run fires the manual trigger (or the first trigger of a workflow without one).
  const triggerNode = personTriggerOf(workflow);
  const nodeId = triggerNode?.id ?? null;
  let trigger: RunTrigger = { type: request.trigger, userId: caller.uid, nodeId };
  const { rerunOf } = request;
  if (rerunOf !== undefined && !isDocumentId(rerunOf)) throw new HttpError(400, 'rerunOf must be the id of a run of this workflow', REQUEST_ERROR_CODES.invalidId);
  if (rerunOf) {
    const earlier = decodeRun(await runRef(db, rerunOf).get());
    // Whoever may run the workflow (checked above) may re-run any of its runs.
    if (!earlier || earlier.workflowId !== workflowId) throw new HttpError(400, `rerunOf names no run of this workflow`);
    input = earlier.input;
    trigger = { type: 'rerun', userId: caller.uid, rerunOf: earlier.id, nodeId };
  }
  const files: RunInputFile[] = [];
  if (triggerNode?.type === 'trigger.manual') {
    const fields = (triggerNode.params as { inputSchema?: InputField[] }).inputSchema ?? [];
    input = parseOr400(runInputSchema(fields), input, 'input.');
    // A re-run reads the same files again: they are the earlier run's, not new uploads.
    if (!rerunOf) {
      for (const field of fields) {
        const value = input[field.key];
        if (field.type === 'file' && isFileRef(value)) files.push({ field: `input.${field.key}`, ref: value, accept: field.accept ?? [] });
      }
    }
  }
  // A person's run of a workflow that starts only at its error trigger is a test: {} takes sample failed-run details, anything else must have their shape.
  if (triggerNode?.type === 'trigger.error' && !rerunOf) {
    input = Object.keys(input).length === 0 ? (sampleFailedRunDetails() as unknown as Record<string, unknown>) : parseOr400(failedRunDetailsSchema, input, 'input.');
  }
  if (files.length > 0 && !deps.files) throw new HttpError(400, 'This deployment has no file storage: file fields cannot be filled', FILE_ERROR_CODES.notUsable);
  return startCheckedRun(deps.service, { workflow, ownerId: caller.uid, trigger, input, files, ...(request.startAt !== undefined ? { startAt: request.startAt } : {}) });
}
