// The account an app step, trigger or agent tool uses: the user's credentials
// of the app's credential types, and "Connect <App>": an OAuth sign-in when
// this server has the provider set up (the builder picks the new account on
// the way back), else a short form for the app's key or token type, made
// through the credentials API (CredentialForm, limited to those types).
import { useId, useState } from 'react';
import { Link, useI18n, useLocation, useRemoteCatalogs, useToast } from '@agentflow/shared';
import { credentialType, isCredentialTypeId, isOAuthCredentialType, type CredentialTypeId, type CredentialView } from '@agentflow/shared/credentials';
import type { ConnectorDeclaration, WorkflowProblem } from '@agentflow/shared/workflow';
import { useCredentialList } from '../credentials/credentialList';
import { CredentialForm } from '../credentials/CredentialForm';
import { CREDENTIALS_PAGE } from '../credentials/agentCredentials';
import { CREDENTIALS_CATALOGS } from '../credentials/i18n';
import { errorText, typeLabel } from '../credentials/credentialTexts';
import { useConnectorsClient, useConnectorsStatus } from './api';
import { K } from './connectorTexts';
import { returnPathOf, startSignIn, type PendingSignIn } from './oauthReturn';
import { useBeforeLeave } from './beforeLeave';
import { problemText } from '../builder/problems/problemText';

export interface AccountPickerProps {
  connector: ConnectorDeclaration;
  credentialId: string | undefined;
  onChange: (credentialId: string | undefined) => void;
  /** Who asked, so the sign-in's return picks the new account for it. */
  target: Omit<PendingSignIn, 'returnTo' | 'credentialType'>;
  label?: string;
  /** Problems of the credentialId path (nodeProblems). */
  problems?: readonly WorkflowProblem[];
}

const typesOf = (connector: ConnectorDeclaration) => connector.credentialTypes.filter(isCredentialTypeId);

/** A credential's line in the picker: its name, and the signed-in account when there is one. */
export const accountName = (credential: CredentialView) =>
  credential.settings.account && credential.settings.account !== credential.name ? `${credential.name} (${credential.settings.account})` : credential.name;

export function AccountPicker({ connector, credentialId, onChange, target, label, problems = [] }: AccountPickerProps) {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  const { toast } = useToast();
  const id = useId();
  const location = useLocation();
  const list = useCredentialList();
  const status = useConnectorsStatus();
  const client = useConnectorsClient();
  const beforeLeave = useBeforeLeave();
  const [tokenForm, setTokenForm] = useState(false);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const types = typesOf(connector);
  const oauthTypes = types.filter((type) => isOAuthCredentialType(type));
  const formTypes = types.filter((type) => !isOAuthCredentialType(type));
  const credentials = (list.credentials ?? []).filter((c) => (types as readonly string[]).includes(c.type));
  const missing = credentialId !== undefined && list.status === 'ready' && !credentials.some((c) => c.id === credentialId);
  // The first OAuth type whose provider this server has set up (null while the status is unknown).
  const signIn = oauthTypes.find((type) => status?.oauth[credentialType(type).oauth!.provider]);
  const signInMissing = oauthTypes.length > 0 && status !== null && !signIn;

  const connect = async (type: CredentialTypeId) => {
    setStarting(true);
    setStartError(null);
    try {
      // The workflow is stored before the page goes to the provider: the step coming back must exist.
      if (beforeLeave && !(await beforeLeave())) {
        setStartError(t(`${K}connect.saveFirst`));
        setStarting(false);
        return;
      }
      await startSignIn(client, { credentialType: type, name: connector.name }, { ...target, returnTo: returnPathOf(location), credentialType: type });
    } catch (error) {
      setStartError(t(`${K}connect.startFailed`, { reason: errorText(t, error) }));
      setStarting(false);
    }
  };

  const errors = [...(missing ? [t(`${K}step.accountMissing`)] : []), ...problems.map((p) => problemText(t, p))];
  return (
    <div className="builder-field account-picker" data-testid="account-picker">
      <label htmlFor={`${id}-account`}>{label ?? t(`${K}step.account`)}</label>
      <select
        id={`${id}-account`}
        value={credentialId ?? ''}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{t(`${K}step.chooseAccount`)}</option>
        {credentials.map((credential) => (
          <option key={credential.id} value={credential.id}>
            {accountName(credential)}
          </option>
        ))}
        {missing && <option value={credentialId}>{t(`${K}step.deletedAccount`)}</option>}
      </select>
      {errors.length > 0 && (
        <div className="field-error" id={`${id}-error`} role="alert">
          {errors.map((error, i) => (
            <p key={i}>{error}</p>
          ))}
        </div>
      )}
      <div className="account-connect">
        {signIn && (
          <button type="button" className="button button-secondary" disabled={starting} onClick={() => void connect(signIn)}>
            {starting ? t(`${K}connect.connecting`) : t(`${K}connect.connect`, { app: connector.name })}
          </button>
        )}
        {oauthTypes.length === 0 && formTypes.length > 0 && !tokenForm && (
          <button type="button" className="button button-secondary" onClick={() => setTokenForm(true)}>
            {t(`${K}connect.connect`, { app: connector.name })}
          </button>
        )}
        {signInMissing && (
          <p className="field-hint" role="note" data-testid="sign-in-not-set-up">
            {t(`${K}connect.notSetUp`, { app: connector.name })}
          </p>
        )}
        {signInMissing &&
          formTypes.length > 0 &&
          !tokenForm &&
          formTypes.map((type) => (
            <button key={type} type="button" className="button" onClick={() => setTokenForm(true)}>
              {t(`${K}connect.useToken`, { type: typeLabel(t, type) })}
            </button>
          ))}
        {startError && (
          <p className="field-error" role="alert">
            {startError}
          </p>
        )}
      </div>
      {tokenForm && (
        <CredentialForm
          types={formTypes}
          title={t(`${K}connect.tokenTitle`, { app: connector.name })}
          initialName={connector.name}
          onCancel={() => setTokenForm(false)}
          onSaved={(saved) => {
            setTokenForm(false);
            list.reload();
            onChange(saved.id);
            toast({ title: t(`${K}connect.connected`, { app: connector.name }), variant: 'success' });
          }}
        />
      )}
      <p className="field-hint">
        <Link to={CREDENTIALS_PAGE}>{t(`${K}connect.manage`)}</Link>
      </p>
    </div>
  );
}
