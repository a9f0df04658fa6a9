// One credential in the list: its name, type, owner, masked secret and when a
// run last used it, with Test connection (AI keys and app credentials), Edit
// and Delete. The test result stays under the card: "Connected — N models",
// "Connected as <account>", or the reason, by code. Edit and Delete are only
// for who may manage the workspace's credentials (platform-api refuses the
// others): a member who only uses them reads that instead.
import { useState } from 'react';
import { useAuth, useI18n, useWorkspace } from '@agentflow/shared';
import { CREDENTIAL_TYPES, isTestableCredentialType, type CredentialTestResult, type CredentialView } from '@agentflow/shared/credentials';
import { useCredentialsClient } from './api';
import { C, codeText, errorText, typeLabel } from './credentialTexts';

type TestState = { status: 'idle' } | { status: 'testing' } | { status: 'done'; result: CredentialTestResult } | { status: 'failed'; reason: string };

export interface CredentialCardProps {
  credential: CredentialView;
  /** May the user change and delete it (manage_credentials in its workspace; their own personal ones)? */
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function CredentialCard({ credential, canManage, onEdit, onDelete }: CredentialCardProps) {
  const { t, language } = useI18n();
  const { user } = useAuth();
  const client = useCredentialsClient();
  const [test, setTest] = useState<TestState>({ status: 'idle' });
  const titleId = `credential-${credential.id}-name`;
  const hints = Object.values(credential.secretHints);
  const { workspaces } = useWorkspace();
  // An organization's credential names its workspace as the switcher does (its id only when the list does not know it).
  const organizationLabel = (organizationId: string) => workspaces.find((workspace) => workspace.id === organizationId)?.name || organizationId;
  const owner =
    credential.owner.kind === 'user'
      ? credential.owner.userId === user?.uid
        ? t(`${C}you`)
        : credential.owner.userId
      : t(`${C}organization`, { id: organizationLabel(credential.owner.organizationId) });
  const lastUsed = credential.lastUsedAt ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(credential.lastUsedAt)) : t(`${C}neverUsed`);

  const runTest = async () => {
    setTest({ status: 'testing' });
    try {
      setTest({ status: 'done', result: await client.test(credential.id) });
    } catch (error) {
      setTest({ status: 'failed', reason: errorText(t, error) });
    }
  };

  // An AI key lists its models; an app credential names the account it reached.
  const okText = (result: CredentialTestResult) => {
    if (CREDENTIAL_TYPES[credential.type].kind === 'ai') return t(`${C}test.ok`, { count: result.models.length });
    return result.account ? t(`${C}test.okAccount`, { account: result.account }) : t(`${C}test.okApp`);
  };
  let outcome: string | null = null;
  if (test.status === 'done') {
    outcome = test.result.ok ? okText(test.result) : t(`${C}test.failed`, { reason: codeText(t, test.result.code) });
  } else if (test.status === 'failed') {
    outcome = t(`${C}test.failed`, { reason: test.reason });
  }

  return (
    <li className="card credential-card" aria-labelledby={titleId} data-testid="credential-card" data-credential-id={credential.id}>
      <h3 id={titleId}>{credential.name}</h3>
      <dl className="credential-facts">
        <div>
          <dt>{t(`${C}type`)}</dt>
          <dd>{typeLabel(t, credential.type)}</dd>
        </div>
        {credential.settings.account && (
          <div>
            <dt>{t(`${C}account`)}</dt>
            <dd data-testid="credential-account">{credential.settings.account}</dd>
          </div>
        )}
        <div>
          <dt>{t(`${C}owner`)}</dt>
          <dd>{owner}</dd>
        </div>
        <div>
          <dt>{t(`${C}secret`)}</dt>
          <dd className={hints.length ? 'credential-hint' : undefined}>{hints.length ? hints.join(' ') : t(`${C}noSecret`)}</dd>
        </div>
        <div>
          <dt>{t(`${C}lastUsed`)}</dt>
          <dd>{lastUsed}</dd>
        </div>
      </dl>
      <div className="credential-actions">
        {isTestableCredentialType(credential.type) && (
          <button type="button" className="button button-secondary" aria-label={t(`${C}actions.testLabel`, { name: credential.name })} disabled={test.status === 'testing'} onClick={() => void runTest()}>
            {t(test.status === 'testing' ? `${C}actions.testing` : `${C}actions.test`)}
          </button>
        )}
        {canManage && (
          <>
            <button type="button" className="button" aria-label={t(`${C}actions.editLabel`, { name: credential.name })} onClick={onEdit}>
              {t(`${C}actions.edit`)}
            </button>
            <button type="button" className="button button-danger" aria-label={t(`${C}actions.deleteLabel`, { name: credential.name })} onClick={onDelete}>
              {t(`${C}actions.delete`)}
            </button>
          </>
        )}
      </div>
      {!canManage && (
        <p className="credential-used-here muted" data-testid="credential-used-here">
          {t(`${C}usedHere`)}
        </p>
      )}
      <p
        role="status"
        className={`credential-test${test.status === 'done' && test.result.ok ? ' credential-test--ok' : outcome ? ' credential-test--failed' : ''}`}
        data-testid="credential-test-result"
      >
        {outcome}
      </p>
    </li>
  );
}
