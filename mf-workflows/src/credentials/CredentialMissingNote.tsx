// What the run form says when platform-api refused to start a run because an
// agent has no usable AI credential (409 credential_missing): nothing was
// created or charged, and where to set one up.
import { ApiError, Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CREDENTIAL_ERROR_CODES } from '@agentflow/shared/credentials';
import { CREDENTIALS_PAGE } from './agentCredentials';
import { C } from './credentialTexts';
import { CREDENTIALS_CATALOGS } from './i18n';

/** Whether a start-run refusal is the missing-credential one. */
export const isCredentialMissing = (error: unknown) => error instanceof ApiError && error.code === CREDENTIAL_ERROR_CODES.missingForRun;

export function CredentialMissingNote() {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  return (
    <div className="form-alert" role="alert" data-testid="run-credential-missing">
      <p>{t(`${C}run.missing`)}</p>
      <p>
        <Link to={CREDENTIALS_PAGE}>{t(`${C}run.setUp`)}</Link>
      </p>
    </div>
  );
}
