// What the builder needs to know about the user's credentials: the AI ones an
// agent may pick, and which places (an agent's model, an HTTP step, an agent's
// HTTP tool) name one the user no longer has or of the wrong kind (a problem
// in the builder, and a refusal when the run starts: the same walk,
// credentialReferences, as platform-api's preflight).
import { useMemo } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CREDENTIAL_TYPES, credentialReferences, type CredentialReference, type CredentialView } from '@agentflow/shared/credentials';
import type { Workflow, WorkflowProblem } from '@agentflow/shared/workflow';
import { useCredentialList } from './credentialList';
import { C } from './credentialTexts';
import { CREDENTIALS_CATALOGS } from './i18n';

/** Where the credentials page lives (WorkflowsApp's route under the shell's /workflows). */
export const CREDENTIALS_PAGE = '/workflows/credentials';

export const aiCredentials = (credentials: readonly CredentialView[]) => credentials.filter((c) => CREDENTIAL_TYPES[c.type]?.kind === 'ai');

/** The credential references that no credential of the user's, of the right kind, answers. */
export function missingCredentialReferences(workflow: Pick<Workflow, 'nodes'>, credentials: readonly CredentialView[]): CredentialReference[] {
  const kinds = new Map(credentials.map((c) => [c.id, CREDENTIAL_TYPES[c.type]?.kind]));
  return credentialReferences(workflow.nodes).filter((reference) => kinds.get(reference.credentialId) !== reference.kind);
}

// One empty answer, so the builder's memoized problems keep their identity while nothing is missing.
const NONE: WorkflowProblem[] = [];

/**
 * The builder's extra problems: a place whose credential is gone. Asks for
 * the list only when some place names a credential, and says nothing until
 * the list is known (a failed read is not a missing credential).
 */
export function useCredentialProblems(workflow: Pick<Workflow, 'nodes'>): WorkflowProblem[] {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  const names = useMemo(() => credentialReferences(workflow.nodes).length > 0, [workflow.nodes]);
  const list = useCredentialList(names);
  return useMemo(() => {
    if (!names || list.status !== 'ready') return NONE;
    const missing = missingCredentialReferences(workflow, list.credentials);
    if (missing.length === 0) return NONE;
    return missing.map((reference): WorkflowProblem => ({
      code: 'invalid-params',
      nodeId: reference.nodeId,
      path: reference.path,
      message:
        reference.kind === 'ai'
          ? t(`${C}agent.missing`)
          : reference.toolName !== undefined || reference.path !== 'credentialId'
            ? t(`${C}agent.toolMissing`, { tool: reference.toolName ?? '' })
            : t(`${C}agent.httpMissing`),
    }));
  }, [names, list.status, list.credentials, workflow, t]);
}
