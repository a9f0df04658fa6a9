// What the run views say when platform-api refused to start a run because an
// agent has no usable AI credential (409 credential_missing, or a webhook or
// schedule run recorded as refused for it): nothing was created or charged,
// and where to set one up. components/RefusalNote.tsx shows it for that code.
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CREDENTIALS_PAGE } from './agentCredentials';
import { C } from './credentialTexts';
import { CREDENTIALS_CATALOGS } from './i18n';

/** `announce`: just refused a start the user asked for (role=alert); a refused run's recorded reason is not. */
export function CredentialMissingNote({ announce = true }: { announce?: boolean }) {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  const { t } = useI18n();
  return (
    <div className="form-alert" role={announce ? 'alert' : undefined} data-testid="run-credential-missing">
      <p>{t(`${C}run.missing`)}</p>
      <p>
        <Link to={CREDENTIALS_PAGE}>{t(`${C}run.setUp`)}</Link>
      </p>
    </div>
  );
}
