// The secrets an agent's HTTP tools hold in plain text in their headers (the
// tools are edited as JSON just above), each with a one-click move: the vault
// gets the secret as a new credential named after the agent, the tool and the
// header; the header leaves that tool and the tool names the credential (the
// agent's run adds its header at the tool's call).
import { useMemo } from 'react';
import { nodeLiteralSecrets, type WorkflowNode } from '@agentflow/shared/workflow';
import { LiteralSecretWarning, MoveFailure, useSecretMove } from './LiteralSecretWarning';

export interface AgentToolSecretsProps {
  node: WorkflowNode;
  /** The node's new params (one update, so undo takes a move back at once). */
  onParams: (params: Record<string, unknown>) => void;
}

export function AgentToolSecrets({ node, onParams }: AgentToolSecretsProps) {
  const found = useMemo(() => nodeLiteralSecrets(node), [node]);
  const moves = useSecretMove(node, onParams);
  if (found.length === 0 && !moves.failure) return null;
  return (
    <div className="builder-field" data-testid="agent-tool-secrets">
      {found.map((secret) => (
        <LiteralSecretWarning key={secret.path} secret={secret} params={node.params} state={moves} />
      ))}
      <MoveFailure state={moves} />
    </div>
  );
}
