// The HTTP step's "Credential" (none, or one of the user's HTTP credentials by
// name) and the warnings about secrets its headers hold in plain text, with a
// one-click move: the vault gets the secret as a new credential, the header
// leaves the node and the node names the credential (the engine adds its
// header at the call). Agent tools cannot name a credential yet, so their
// literal secrets are only pointed out (secretWarnings, problems list).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CREDENTIAL_TYPES } from '@agentflow/shared/credentials';
import { literalSecrets, movedCredentialName, nodeLiteralSecrets, paramsWithCredential, type LiteralSecretHeader, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { useCredentialsClient } from '../credentials/api';
import { useCredentialList } from '../credentials/credentialList';
import { CREDENTIALS_PAGE } from '../credentials/agentCredentials';
import { errorText } from '../credentials/credentialTexts';
import { CREDENTIALS_CATALOGS } from '../credentials/i18n';

const S = 'workflows.builder.secrets.';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the problems list shows as a warning: the workflow still saves and runs. */
export interface BuilderWarning {
  nodeId: string;
  path: string;
  message: string;
}

const warningText = (t: Translate, found: LiteralSecretHeader) =>
  found.tool ? t(`${S}toolWarning`, { header: found.header, tool: found.tool.name }) : t(`${S}warning`, { header: found.header });

/** The builder's warnings: every literal secret of the workflow, on its node and header path. */
export function secretWarnings(t: Translate, workflow: Pick<Workflow, 'nodes'>): BuilderWarning[] {
  return literalSecrets(workflow).flatMap(({ nodeId, headers }) => headers.map((found) => ({ nodeId, path: found.path, message: warningText(t, found) })));
}

/** Another node's literal secrets (an agent's tools): pointed out, with nowhere to move them yet. */
export function SecretWarnings({ node }: { node: WorkflowNode }) {
  const { t } = useI18n();
  const found = useMemo(() => nodeLiteralSecrets(node), [node]);
  if (found.length === 0) return null;
  return (
    <div className="builder-field">
      {found.map((secret) => (
        <p key={secret.path} className="field-warning" role="status" data-testid="literal-secret-warning">
          {warningText(t, secret)}
        </p>
      ))}
    </div>
  );
}

export interface HttpCredentialFieldsProps {
  node: WorkflowNode;
  /** The node's new params (one update, so undo takes a move back at once). */
  onParams: (params: Record<string, unknown>) => void;
}

export function HttpCredentialFields({ node, onParams }: HttpCredentialFieldsProps) {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const client = useCredentialsClient();
  const list = useCredentialList();
  const credentialId = typeof node.params.credentialId === 'string' ? node.params.credentialId : null;
  const credentials = (list.credentials ?? []).filter((c) => CREDENTIAL_TYPES[c.type]?.kind === 'http');
  const missing = credentialId !== null && list.status === 'ready' && !credentials.some((c) => c.id === credentialId);
  const found = useMemo(() => nodeLiteralSecrets(node), [node]);
  const [moving, setMoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The params when the vault answers, not when the button was pressed: edits made meanwhile stay.
  const latest = useRef(node.params);
  useEffect(() => {
    latest.current = node.params;
  }, [node.params]);

  const select = (value: string) => {
    const { credentialId: _previous, ...rest } = node.params;
    onParams(value ? { ...rest, credentialId: value } : rest);
  };

  const move = async (secret: LiteralSecretHeader) => {
    setMoving(secret.header);
    setFailure(null);
    try {
      const created = await client.create({ ...secret.suggestion, name: movedCredentialName(node.name, secret.header) });
      onParams(paramsWithCredential(latest.current, secret.header, created.id));
      list.reload();
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setMoving(null);
    }
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
        <div key={secret.path} className="field-warning" role="status" data-testid="literal-secret-warning">
          <p>{warningText(t, secret)}</p>
          {credentialId === null ? (
            <button type="button" className="btn" disabled={moving !== null} onClick={() => void move(secret)}>
              {moving === secret.header ? t(`${S}moving`) : t(`${S}move`)}
            </button>
          ) : (
            <p className="field-hint">{t(`${S}oneCredential`)}</p>
          )}
        </div>
      ))}
      {failure && (
        <p className="field-error" role="alert">
          {t(`${S}moveFailed`, { reason: failure })}
        </p>
      )}
    </div>
  );
}
