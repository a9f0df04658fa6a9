// GET /v1/credentials (issue 24): the key's workspace's credentials as the
// vault lists them to its creator (vault.list: the organization's when they
// may use its credentials, else a 403; their own in the personal workspace),
// reduced to what identifies a credential. Neither secrets nor the UI's
// four-character hints leave: a key's holder is software, and naming a
// credential in a step needs only its id.
import type { Request } from 'express';
import type { PublicCredential } from '@agentflow/shared/api-keys';
import type { CredentialView } from '@agentflow/shared/credentials';
import type { CredentialVault } from '../credentials/vault.js';
import { keyWorkspace } from './workflows.js';

export function publicCredentialOf(view: CredentialView): PublicCredential {
  return {
    id: view.id,
    name: view.name,
    type: view.type,
    secretFields: Object.keys(view.secretHints).sort(),
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    lastUsedAt: view.lastUsedAt,
  };
}

export async function listPublicCredentials(vault: CredentialVault, req: Request): Promise<{ credentials: PublicCredential[] }> {
  const workspace = keyWorkspace(req);
  const actor = { userId: req.caller!.uid, userEmail: req.caller!.email ?? null, ipAddress: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
  const views = workspace.organizationId ? await vault.list(actor, workspace.organizationId) : (await vault.list(actor)).filter((view) => view.owner.kind === 'user');
  return { credentials: views.map(publicCredentialOf) };
}
