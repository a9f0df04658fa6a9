// The agent step: runAgent() (src/agents) with the engine's token charging
// (through the meter port, see execution.ts charge) and child-step recording.
// Errors pass through: ProviderCallError.transient is retried by the
// executor; NoProviderError (RUN_MESSAGES.noProvider) and the ledger's
// InsufficientTokensError fail the step at once.
import type { ModelResolver } from '../agents/providers.js';
import { runAgent } from '../agents/runAgent.js';
import type { StepHandler } from './steps.js';

export function createAgentHandler(models: ModelResolver): StepHandler {
  return async (context) => {
    const result = await runAgent({
      node: context.node,
      nodes: context.run.snapshot.nodes,
      input: context.input,
      stepId: context.stepId,
      models,
      signal: context.signal,
      chargeTokens: context.chargeTokens,
      onChildStep: context.onChildStep,
      fetchPolicy: context.fetchPolicy,
    });
    return { output: result.output };
  };
}
