// What the builder needs to know about agents and the user's credentials: the
// AI ones an agent may pick, and which agent nodes name one the user no longer
// has (a problem in the builder, and a refusal when the run starts).
import { useMemo } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CREDENTIAL_TYPES, type CredentialView } from '@agentflow/shared/credentials';
import type { Workflow, WorkflowProblem } from '@agentflow/shared/workflow';
import { useCredentialList } from './credentialList';
import { C } from './credentialTexts';
import { CREDENTIALS_CATALOGS } from './i18n';

/** Where the credentials page lives (WorkflowsApp's route under the shell's /workflows). */
export const CREDENTIALS_PAGE = '/workflows/credentials';

export const aiCredentials = (credentials: readonly CredentialView[]) => credentials.filter((c) => CREDENTIAL_TYPES[c.type]?.kind === 'ai');

/** The agent nodes whose credentialId is not among `credentials`, as (untranslated) node ids. */
export function agentsWithMissingCredential(workflow: Pick<Workflow, 'nodes'>, credentials: readonly CredentialView[]): string[] {
  const usable = new Set(aiCredentials(credentials).map((c) => c.id));
  return workflow.nodes.filter((node) => node.type === 'agent' && typeof node.params.credentialId === 'string' && !usable.has(node.params.credentialId)).map((node) => node.id);
}

// One empty answer, so the builder's memoized problems keep their identity while nothing is missing.
const NONE: WorkflowProblem[] = [];

/**
 * The builder's extra problems: an agent whose credential is gone. Asks for
 * the list only when some agent names a credential, and says nothing until
 * the list is known (a failed read is not a missing credential).
 */
export function useCredentialProblems(workflow: Pick<Workflow, 'nodes'>): WorkflowProblem[] {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  const names = workflow.nodes.some((node) => node.type === 'agent' && typeof node.params.credentialId === 'string');
  const list = useCredentialList(names);
  return useMemo(() => {
    if (!names || list.status !== 'ready') return NONE;
    const missing = agentsWithMissingCredential(workflow, list.credentials);
    if (missing.length === 0) return NONE;
    return missing.map((nodeId): WorkflowProblem => ({ code: 'invalid-params', nodeId, path: 'credentialId', message: t(`${C}agent.missing`) }));
  }, [names, list.status, list.credentials, workflow, t]);
}
