// The agent step: runAgent() (src/agents) with the engine's token charging
// (through the meter port, see execution.ts charge) and child-step recording.
// Errors pass through: ProviderCallError.transient is retried by the
// executor; NoProviderError (RUN_MESSAGES.noProvider) and the ledger's
// InsufficientTokensError fail the step at once.
//
// An agent that names a credential calls that provider: the vault opens the
// credential for the run's owner at this moment (audited with the run and
// node), the adapter builds the model, and the secrets live only in that
// model's closure: never in the step's input, output, error or log.
import { DEFAULT_OWN_CREDENTIAL_STEP_FEE, HttpError, agentNeedsProvider, type CredentialReference, type CredentialTypeId, type CredentialView, credentialReferences, credentialType, isDocumentId, stepCredentialMissing, stepCredentialWrongKind, type Workflow } from '@agentflow/shared/server';
import type { LanguageModel } from 'ai';
import { connectorOf } from '@agentflow/shared/workflow';
import type { ModelResolver } from '../agents/providers.js';
import { isAiProviderType, type ProviderRegistry } from '../agents/providers/index.js';
import { runAgent } from '../agents/runAgent.js';
import type { CredentialVault } from '../credentials/index.js';
import { guardedFetch, modelCallPolicy } from '../net/guardedFetch.js';
import type { RunPreflight } from './service.js';
import type { StepContext, StepHandler } from './steps.js';
import { vaultHttpHeaders } from './httpCredentials.js';
import { agentAttachments } from './agentFiles.js';
import type { ConnectorRuntime } from '../connectors/runtime/runtime.js';
import { runFileReader } from '../connectors/step.js';
import { runWorkspace, vaultRefusal } from './vaultRefusal.js';
import { searchForRun, type KnowledgeSearch } from './knowledge/knowledgeStep.js';
import type { AgentStreamSink } from '../agents/streamAnswer.js';
import type { RunStreamBus } from './streams/port.js';
import type { Citation } from '@agentflow/shared/knowledge';
import { mcpSessionOpener, type AgentMcp } from './mcpSessions.js';

export interface AgentCredentials {
  vault: CredentialVault;
  providers: ProviderRegistry;
}

/** The agent's credential cannot be used: deleted, not the owner's to use, unreadable, or not an AI credential. Not transient. */
export class AgentCredentialError extends Error {
  override name = 'AgentCredentialError';
  /** Recorded on the step as RunStep.errorCode (stepErrorCodeOf). */
  readonly stepErrorCode: string | undefined;
  constructor(message: string, stepErrorCode?: string) {
    super(message);
    this.stepErrorCode = stepErrorCode;
  }
}

function credentialModelFor(context: StepContext, credentials: AgentCredentials | undefined) {
  const fetch = guardedFetch(modelCallPolicy(context.fetchPolicy));
  return async (params: { credentialId?: string; model?: string }, nodeId: string): Promise<LanguageModel | null> => {
    if (!params.credentialId) return null;
    // Never fall back to the platform's model for an agent that names its own provider.
    if (!credentials) throw new AgentCredentialError('This agent uses a credential, but credentials are not available on this server');
    let opened;
    try {
      opened = await credentials.vault.use({ userId: context.run.ownerId }, params.credentialId, { runId: context.run.id, nodeId, workspace: runWorkspace(context.run) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const refusal = vaultRefusal(error, context.node.name);
      throw new AgentCredentialError(refusal.message, refusal.code);
    }
    if (!isAiProviderType(opened.type)) throw new AgentCredentialError(`The credential "${params.credentialId}" is not an AI provider`);
    const modelId = params.model ?? credentialType(opened.type).suggestedModel;
    if (!modelId) throw new AgentCredentialError('Pick a model for this agent: its provider has no default');
    return credentials.providers.providerAdapter(opened.type).model(opened, modelId, fetch);
  };
}

/** AGENT_STEP_FEE: the platform tokens of an agent step on the user's own credential (a whole number ≥ 0). */
export function stepFeeFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.AGENT_STEP_FEE?.trim();
  if (!raw) return DEFAULT_OWN_CREDENTIAL_STEP_FEE;
  if (!/^\d+$/.test(raw)) throw new Error(`AGENT_STEP_FEE must be a whole number of tokens, not "${raw}"`);
  return Number(raw);
}

/** App tools of agents: the connector runtime and the fee of one call. */
export interface AgentApps {
  runtime: ConnectorRuntime;
  stepFee: number;
}

/** A chat run's agent streams its answer to the run's stream (runs/streams); the chat API relays it to the visitor. */
function runStreamSink(streams: RunStreamBus, runId: string): AgentStreamSink {
  return {
    text: (text) => streams.publish(runId, { type: 'token', text }),
    tool: (event) => streams.publish(runId, { type: 'tool', ...event }),
    citation: (citation) => streams.publish(runId, { type: 'citation', citation: citation as Citation }),
  };
}

export function createAgentHandler(models: ModelResolver, credentials?: AgentCredentials, ownCredentialStepFee = DEFAULT_OWN_CREDENTIAL_STEP_FEE, apps?: AgentApps, knowledge?: KnowledgeSearch | null, streams?: RunStreamBus, mcp?: AgentMcp): StepHandler {
  return async (context) => {
    // The files' text first: a file the step cannot read fails it before any model call.
    const attachments = await agentAttachments(context);
    const streaming = streams && context.run.trigger.type === 'chat' ? streams : null;
    const result = await runAgent({
      node: context.node,
      nodes: context.run.snapshot.nodes,
      input: context.input,
      stepId: context.stepId,
      models,
      credentialModel: credentialModelFor(context, credentials),
      ...(credentials ? { toolCredentialHeaders: (credentialId: string) => vaultHttpHeaders(credentials.vault)(context, credentialId) } : {}),
      ownCredentialStepFee,
      signal: context.signal,
      chargeTokens: context.chargeTokens,
      onChildStep: context.onChildStep,
      fetchPolicy: context.fetchPolicy,
      attachments,
      // search_knowledge: the Knowledge step's search, each call charged under its child step's key.
      ...(knowledge ? { knowledge: { search: (knowledgeBaseId: string, query: string, callKey: string, signal: AbortSignal) => searchForRun(knowledge, { ...context, signal }, { knowledgeBaseId, query }, callKey) } } : {}),
      ...(streaming ? { stream: runStreamSink(streaming, context.run.id) } : {}),
      // MCP tools: one connection per server for the agent, closed when it ends (mcpSessions.ts).
      ...(mcp ? { mcp: { open: mcpSessionOpener(context, mcp), stepFee: mcp.stepFee } } : {}),
      ...(apps
        ? {
            apps: {
              stepFee: apps.stepFee,
              call: (tool, values, childStepId, signal) => {
                const readFile = runFileReader(context);
                return apps.runtime.invoke(
                  {
                    connectorId: tool.connector,
                    credentialId: tool.credentialId,
                    ownerId: context.run.ownerId,
                    workspace: runWorkspace(context.run),
                    runId: context.run.id,
                    nodeId: context.node.id,
                    stepName: `${tool.connector}.${tool.operation} (${childStepId})`,
                    policy: context.fetchPolicy,
                    signal,
                    ...(readFile ? { readFile } : {}),
                  },
                  tool.operation,
                  values,
                );
              },
            },
          }
        : {}),
    });
    // The last pieces are written before the step ends (the Firestore stream batches them).
    await streaming?.flush(context.run.id);
    return { output: result.output };
  };
}

/**
 * The credential's type when it belongs to the workflow's workspace (the
 * organization's credentials for an organization workflow, its owner's own
 * for a personal one) and the run's payer may use it; null otherwise. Whoever
 * edits or starts the workflow, a run never opens anyone's credential from
 * another workspace (an editor cannot make the owner's personal key pay for
 * an organization workflow).
 */
async function workspaceCredentialType(vault: CredentialVault, workflow: Pick<Workflow, 'ownerId' | 'organizationId'>, ownerId: string, credentialId: string): Promise<CredentialTypeId | null> {
  if (!isDocumentId(credentialId)) return null;
  let view: CredentialView;
  try {
    view = await vault.get({ userId: ownerId }, credentialId);
  } catch (error) {
    // Not there, or not the payer's to use: the same refusal as a missing one.
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
  const organizationId = workflow.organizationId ?? null;
  const inWorkspace = organizationId
    ? view.owner.kind === 'organization' && view.owner.organizationId === organizationId
    : view.owner.kind === 'user' && view.owner.userId === workflow.ownerId;
  return inWorkspace ? view.type : null;
}

/** Why `credentialId` cannot serve a step of that kind in a run of `workflow` paid by `ownerId`, or null when it can. */
async function credentialRefusal(vault: CredentialVault | null, workflow: Pick<Workflow, 'ownerId' | 'organizationId'>, ownerId: string, reference: CredentialReference, stepName: string): Promise<string | null> {
  const type = vault ? await workspaceCredentialType(vault, workflow, ownerId, reference.credentialId) : null;
  if (!type) return stepCredentialMissing(stepName);
  if (credentialType(type).kind !== reference.kind) return stepCredentialWrongKind(stepName);
  // An app's credential must be one of that connector's types (a Slack token cannot sign HubSpot calls).
  if (reference.kind === 'app' && !(connectorOf(reference.connector)?.credentialTypes.includes(type) ?? false)) return stepCredentialWrongKind(stepName);
  return null;
}

/**
 * Every step has what it needs before the run starts: a credential it names
 * exists, belongs to the workflow's workspace, is of the kind the step can
 * use (AI for agents, HTTP for HTTP steps) and the run's payer may use it; an agent that names none needs the
 * platform's default model. Otherwise nothing is charged or stored. Reads
 * only: nothing is decrypted or audited here.
 */
export function credentialPreflight(vault: CredentialVault | null, models: Pick<ModelResolver, 'configured'>): RunPreflight {
  return async (workflow, ownerId) => {
    // No credential and no platform default: the agent could only fail, so the run does not start (and costs nothing).
    if (!models.configured) {
      const bare = workflow.nodes.find((node) => node.type === 'agent' && typeof node.params.credentialId !== 'string');
      if (bare) return agentNeedsProvider(stepNameOf(bare));
    }
    const nodes = new Map(workflow.nodes.map((node) => [node.id, node]));
    for (const reference of credentialReferences(workflow.nodes)) {
      const node = nodes.get(reference.nodeId)!;
      const refusal = await credentialRefusal(vault, workflow, ownerId, reference, reference.path === 'credentialId' ? stepNameOf(node) : node.name);
      if (refusal) return refusal;
    }
    return null;
  };
}

/** How refusals name a step: an agent by its agent name when it has one. */
function stepNameOf(node: Workflow['nodes'][number]): string {
  const { name } = node.params as { name?: unknown };
  return node.type === 'agent' && typeof name === 'string' ? name : node.name;
}
