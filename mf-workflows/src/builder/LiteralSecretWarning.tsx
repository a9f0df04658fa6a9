// A secret a node's header holds in plain text (an HTTP step's, or an agent
// HTTP tool's): a warning in the builder's problems list (secretWarnings; the
// workflow still saves and runs) and in the node's form, with the one-click
// move into a new vault credential, or, when the step or tool names a
// credential already, why it cannot move. useSecretMove() does the move: the vault gets
// the secret as a credential, the header leaves the node and the step or tool
// names the credential (paramsAfterMove, shared/workflow).
import { useEffect, useId, useRef, useState } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import {
  credentialOfSecret,
  literalSecrets,
  movedCredentialName,
  paramsAfterMove,
  type LiteralSecretHeader,
  type Workflow,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import { useCredentialsClient } from '../credentials/api';
import { forgetCredentials } from '../credentials/credentialList';
import { errorText } from '../credentials/credentialTexts';
import { CREDENTIALS_CATALOGS } from '../credentials/i18n';

export const S = 'workflows.builder.secrets.';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The warning's text: the step's header, or the header of the agent's tool. */
export const warningText = (t: Translate, found: LiteralSecretHeader) =>
  found.tool ? t(`${S}toolWarning`, { header: found.header, tool: found.tool.name }) : t(`${S}warning`, { header: found.header });

/** What the problems list shows as a warning: the workflow still saves and runs. */
export interface BuilderWarning {
  nodeId: string;
  path: string;
  message: string;
}

/** The builder's warnings: every literal secret of the workflow (steps' and agent tools'), on its node and header path. */
export function secretWarnings(t: Translate, workflow: Pick<Workflow, 'nodes'>): BuilderWarning[] {
  return literalSecrets(workflow).flatMap(({ nodeId, headers }) => headers.map((found) => ({ nodeId, path: found.path, message: warningText(t, found) })));
}

export interface SecretMove {
  /** The path of the secret being moved, while the vault answers. */
  moving: string | null;
  /** Why the last move failed, translated. */
  failure: string | null;
  move: (secret: LiteralSecretHeader) => Promise<void>;
}

/**
 * Moves a literal secret of `node` into a new credential, then hands the
 * node's new params to `onParams` (one update, so undo takes the move back at
 * once) and calls `onMoved` (a credential list to read again).
 */
export function useSecretMove(node: WorkflowNode, onParams: (params: Record<string, unknown>) => void, onMoved?: () => void): SecretMove {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  const client = useCredentialsClient();
  const [moving, setMoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The params when the vault answers, not when the button was pressed: edits made meanwhile stay.
  const latest = useRef(node.params);
  useEffect(() => {
    latest.current = node.params;
  }, [node.params]);

  const move = async (secret: LiteralSecretHeader) => {
    setMoving(secret.path);
    setFailure(null);
    try {
      const created = await client.create({ ...secret.suggestion, name: movedCredentialName(node.name, secret.header, secret.tool?.name) });
      onParams(paramsAfterMove(latest.current, secret, created.id));
      forgetCredentials(client);
      onMoved?.();
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setMoving(null);
    }
  };
  return { moving, failure, move };
}

/** One literal secret: the warning, and the move button or why the step or tool keeps it. */
export function LiteralSecretWarning({ secret, params, state }: { secret: LiteralSecretHeader; params: Record<string, unknown>; state: SecretMove }) {
  const { t } = useI18n();
  const id = useId();
  const movable = credentialOfSecret(params, secret) === null;
  return (
    <div className="field-warning" role="status" data-testid="literal-secret-warning">
      <p id={id}>{warningText(t, secret)}</p>
      {movable ? (
        <button type="button" className="btn" aria-describedby={id} disabled={state.moving !== null} onClick={() => void state.move(secret)}>
          {state.moving === secret.path ? t(`${S}moving`) : t(`${S}move`)}
        </button>
      ) : (
        <p className="field-hint">{t(secret.tool ? `${S}toolOneCredential` : `${S}oneCredential`)}</p>
      )}
    </div>
  );
}

/** Why the last move failed, when it did. */
export function MoveFailure({ state }: { state: SecretMove }) {
  const { t } = useI18n();
  if (!state.failure) return null;
  return (
    <p className="field-error" role="alert">
      {t(`${S}moveFailed`, { reason: state.failure })}
    </p>
  );
}
