// HTTP steps that name a vault credential: the vault opens it for the run's
// owner at the moment of the call (audited with the run and node), and the
// step gets the header it stands for plus the values to redact.
import { HttpError } from '@agentflow/shared/server';
import { httpAuthHeaders, NotAnHttpCredentialError, secretValuesOf } from '../credentials/httpAuth.js';
import type { CredentialVault } from '../credentials/index.js';
import { StepFailure, type HttpCredentialHeaders } from './steps.js';
import { runWorkspace, vaultRefusal } from './vaultRefusal.js';

export function vaultHttpHeaders(vault: CredentialVault): HttpCredentialHeaders {
  return async (context, credentialId) => {
    let opened;
    try {
      opened = await vault.use({ userId: context.run.ownerId }, credentialId, { runId: context.run.id, nodeId: context.node.id, workspace: runWorkspace(context.run) });
    } catch (error) {
      if (error instanceof HttpError) {
        const refusal = vaultRefusal(error, context.node.name);
        throw new StepFailure(refusal.message, refusal.code);
      }
      throw error;
    }
    try {
      const headers = httpAuthHeaders(opened);
      return { headers, secrets: secretValuesOf(opened, headers) };
    } catch (error) {
      if (error instanceof NotAnHttpCredentialError) throw new StepFailure(error.message);
      throw error;
    }
  };
}
