// The builder's side of an app sign-in's return (?connected=<id> or
// ?oauthError=<code>): the new account is set on the step or agent tool that
// started it (remembered in sessionStorage), that step is selected, and a
// toast says what happened in the user's words.
import { useI18n, useToast } from '@agentflow/shared';
import { CREDENTIAL_TYPES, isCredentialTypeId } from '@agentflow/shared/credentials';
import { connectorOf, type Workflow } from '@agentflow/shared/workflow';
import { useCredentialsClient } from '../credentials/api';
import { forgetCredentials } from '../credentials/credentialList';
import { K, connectorsUsing, oauthErrorText } from '../connectors/connectorTexts';
import { useSignInResult } from '../connectors/oauthReturn';
import type { BuilderAction } from './builderState';

export function useConnectorSignInResult(workflow: Workflow, dispatch: (action: BuilderAction) => void): void {
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useCredentialsClient();
  useSignInResult((result) => {
    if (result.kind === 'error') {
      toast({ title: oauthErrorText(t, result.code), variant: 'destructive' });
      return;
    }
    // The pickers read the list afresh, with the new account in it.
    forgetCredentials(client);
    const pending = result.pending;
    const node = pending?.nodeId ? workflow.nodes.find((n) => n.id === pending.nodeId) : undefined;
    // The app of the step, or of the agent tool, that asked.
    const tool = node && pending?.toolIndex !== undefined ? (node.params.tools as { connectors?: { connector?: unknown }[] } | undefined)?.connectors?.[pending.toolIndex] : undefined;
    const fromNode = node ? connectorOf(tool ? tool.connector : node.params.connector) : undefined;
    const type = pending?.credentialType;
    const app = fromNode?.name ?? (type && isCredentialTypeId(type) ? (connectorsUsing(type)[0]?.name ?? CREDENTIAL_TYPES[type].label) : '');
    if (node && pending) {
      if (pending.toolIndex !== undefined) {
        const tools = (node.params.tools ?? {}) as Record<string, unknown>;
        const apps = Array.isArray(tools.connectors) ? (tools.connectors as Record<string, unknown>[]) : [];
        if (apps[pending.toolIndex]) {
          const connectors = apps.map((tool, i) => (i === pending.toolIndex ? { ...tool, credentialId: result.credentialId } : tool));
          dispatch({ type: 'updateNode', id: node.id, params: { ...node.params, tools: { ...tools, connectors } } });
        }
      } else {
        dispatch({ type: 'updateNode', id: node.id, params: { ...node.params, credentialId: result.credentialId } });
      }
      dispatch({ type: 'select', nodeId: node.id });
    }
    toast({ title: t(`${K}connect.connected`, { app: app || t(`${K}step.app`) }), variant: 'success' });
  });
}
