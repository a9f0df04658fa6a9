// The current workspace's AI credentials whose provider makes embeddings: the
// choices of a knowledge base's embedding model, and whether a keyword-only
// base is so because the workspace has none (the reason the list gives).
import { useWorkspace } from '@agentflow/shared';
import type { CredentialView } from '@agentflow/shared/credentials';
import { embedsWith } from '@agentflow/shared/knowledge';
import { useCredentialList } from '../../credentials/credentialList';

export type EmbeddingCredentials = { status: 'loading' | 'failed'; credentials: readonly CredentialView[] } | { status: 'ready'; credentials: readonly CredentialView[] };

export function useEmbeddingCredentials(): EmbeddingCredentials {
  const list = useCredentialList();
  const { organizationId } = useWorkspace();
  if (list.status !== 'ready') return { status: list.status, credentials: [] };
  const inWorkspace = (credential: CredentialView) =>
    organizationId === null ? credential.owner.kind === 'user' : credential.owner.kind === 'organization' && credential.owner.organizationId === organizationId;
  return { status: 'ready', credentials: list.credentials.filter((credential) => inWorkspace(credential) && embedsWith(credential.type)) };
}
