// What a step says when the vault refuses to open its credential: the same
// words and codes for HTTP, agent and app steps, step tests and polls.
import { CREDENTIAL_ERROR_CODES, HttpError, stepCredentialMissing, stepCredentialNotInWorkspace } from '@agentflow/shared/server';

/** The step's failure message and stable code for a vault refusal (never the secret: the vault opened nothing). */
export function vaultRefusal(error: HttpError, stepName: string): { message: string; code?: string } {
  if (error.status === 404) return { message: stepCredentialMissing(stepName), code: CREDENTIAL_ERROR_CODES.notFound };
  if (error.code === CREDENTIAL_ERROR_CODES.notInWorkspace) return { message: stepCredentialNotInWorkspace(stepName), code: CREDENTIAL_ERROR_CODES.notInWorkspace };
  return { message: error.message, ...(error.code ? { code: error.code } : {}) };
}

/** The workspace a run's credentials must belong to: its workflow's at start (organization, else the payer's personal one). */
export function runWorkspace(run: { ownerId: string; organizationId?: string | null }): { ownerId: string; organizationId: string | null } {
  return { ownerId: run.ownerId, organizationId: run.organizationId ?? null };
}
