// The HTTP step's "Credential" (none, or one of the user's HTTP credentials by
// name) and the warnings about secrets its headers hold in plain text, with a
// one-click move: the vault gets the secret as a new credential, the header
// leaves the node and the node names the credential (the engine adds its
// header at the call). An agent's tools have theirs in AgentToolSecrets.
import { useId, useMemo } from 'react';
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CREDENTIAL_TYPES } from '@agentflow/shared/credentials';
import { nodeLiteralSecrets, type WorkflowNode } from '@agentflow/shared/workflow';
import { useCredentialList } from '../credentials/credentialList';
import { CREDENTIALS_PAGE } from '../credentials/agentCredentials';
import { CREDENTIALS_CATALOGS } from '../credentials/i18n';
import { LiteralSecretWarning, MoveFailure, S, useSecretMove } from './LiteralSecretWarning';

export interface HttpCredentialFieldsProps {
  node: WorkflowNode;
  /** The node's new params (one update, so undo takes a move back at once). */
  onParams: (params: Record<string, unknown>) => void;
}

export function HttpCredentialFields({ node, onParams }: HttpCredentialFieldsProps) {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const list = useCredentialList();
  const credentialId = typeof node.params.credentialId === 'string' ? node.params.credentialId : null;
  const credentials = (list.credentials ?? []).filter((c) => CREDENTIAL_TYPES[c.type]?.kind === 'http');
  const missing = credentialId !== null && list.status === 'ready' && !credentials.some((c) => c.id === credentialId);
  const found = useMemo(() => nodeLiteralSecrets(node), [node]);
  const moves = useSecretMove(node, onParams, list.reload);

  const select = (value: string) => {
    const { credentialId: _previous, ...rest } = node.params;
    onParams(value ? { ...rest, credentialId: value } : rest);
  };

  return (
    <div className="builder-field" data-testid="http-credential-fields">
      <label htmlFor={`${id}-credential`}>{t(`${S}credential`)}</label>
      <select
        id={`${id}-credential`}
        value={credentialId ?? ''}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        onChange={(event) => select(event.target.value)}
      >
        <option value="">{t(`${S}none`)}</option>
        {credentials.map((credential) => (
          <option key={credential.id} value={credential.id}>
            {credential.name}
          </option>
        ))}
        {missing && <option value={credentialId}>{t(`${S}deleted`)}</option>}
      </select>
      {missing && (
        <p className="field-error" id={`${id}-missing`} role="alert">
          {t(`${S}missing`)}
        </p>
      )}
      <p className="field-hint">
        <Link to={CREDENTIALS_PAGE}>{t(`${S}manage`)}</Link>
      </p>
      {found.map((secret) => (
        <LiteralSecretWarning key={secret.path} secret={secret} params={node.params} state={moves} />
      ))}
      <MoveFailure state={moves} />
    </div>
  );
}
