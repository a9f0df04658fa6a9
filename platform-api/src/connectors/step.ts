// The app step ('connector' node): one operation of a connector, with the
// platform fee charged before the provider is called (a run that cannot pay
// stops there), the values rendered against the step's input, and the
// output redacted of the credential's secrets.
import { parseNodeParams } from '@agentflow/shared/workflow';
import { StepFailure, type StepContext, type StepHandler } from '../runs/steps.js';
import type { RunFiles } from '../runs/ports.js';
import type { ConnectorRuntime, ConnectorCall } from './runtime/runtime.js';
import { renderValues } from './runtime/values.js';
import { runWorkspace } from '../runs/vaultRefusal.js';

/** The file reader a call gets in a run: the run's own files only (RunFiles' rules). */
export function runFileReader(context: Pick<StepContext, 'run' | 'files'>): ConnectorCall['readFile'] {
  const files: RunFiles | undefined = context.files;
  if (!files) return undefined;
  return async (ref, label) => {
    const content = await files.read(context.run, ref, label);
    return { name: content.name, contentType: content.contentType, bytes: content.bytes };
  };
}

export function createConnectorStepHandler(runtime: ConnectorRuntime, stepFee: number): StepHandler {
  return async (context) => {
    const parsed = parseNodeParams('connector', context.node.params);
    if (!parsed.success) throw new StepFailure(`Invalid parameters of ${context.node.name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const p = parsed.data;
    if (stepFee > 0) await context.chargeTokens(stepFee, `${context.stepId}:app`);
    const values = await renderValues(p.params, context.input);
    const readFile = runFileReader(context);
    const output = await runtime.invoke(
      {
        connectorId: p.connector,
        credentialId: p.credentialId,
        ownerId: context.run.ownerId,
        workspace: runWorkspace(context.run),
        runId: context.run.id,
        nodeId: context.node.id,
        stepName: context.node.name,
        policy: context.fetchPolicy,
        signal: context.signal,
        ...(readFile ? { readFile } : {}),
      },
      p.operation,
      values,
    );
    return { output };
  };
}
