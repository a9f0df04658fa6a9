// The credentials page's "Connect with Google / HubSpot": one button per
// provider of the OAuth credential types, disabled with the reason when this
// server has no OAuth app for it. The sign-in comes back to this page.
import { useState } from 'react';
import { useI18n, useLocation, useRemoteCatalogs } from '@agentflow/shared';
import { CREDENTIAL_TYPE_IDS, CREDENTIAL_TYPES, credentialType, isOAuthCredentialType, type CredentialTypeId } from '@agentflow/shared/credentials';
import { OAUTH_PROVIDERS } from '@agentflow/shared/workflow';
import { errorText } from '../credentials/credentialTexts';
import { useConnectorsClient, useConnectorsStatus } from './api';
import { AppBadge } from './AppBadge';
import { K, connectorsUsing } from './connectorTexts';
import { CONNECTORS_CATALOGS } from './i18n';
import { returnPathOf, startSignIn } from './oauthReturn';
import './connectors.css';

const OAUTH_TYPES = CREDENTIAL_TYPE_IDS.filter((id) => isOAuthCredentialType(id));

export function ConnectApps() {
  useRemoteCatalogs(CONNECTORS_CATALOGS);
  const { t } = useI18n();
  const status = useConnectorsStatus();
  const client = useConnectorsClient();
  const location = useLocation();
  const [starting, setStarting] = useState<CredentialTypeId | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const connect = async (type: CredentialTypeId) => {
    setStarting(type);
    setFailure(null);
    try {
      await startSignIn(client, { credentialType: type, name: CREDENTIAL_TYPES[type].label }, { returnTo: returnPathOf(location), credentialType: type });
    } catch (error) {
      setFailure(t(`${K}connect.startFailed`, { reason: errorText(t, error) }));
      setStarting(null);
    }
  };

  return (
    <section className="card connect-apps-card" aria-labelledby="connect-apps-title" data-testid="connect-apps">
      <h2 id="connect-apps-title">{t(`${K}connect.title`)}</h2>
      <p className="muted">{t(`${K}connect.hint`)}</p>
      <div className="connect-apps">
        {OAUTH_TYPES.map((type) => {
          const provider = OAUTH_PROVIDERS[credentialType(type).oauth!.provider];
          const ready = status?.oauth[provider.id] === true;
          const apps = connectorsUsing(type);
          const noteId = `connect-${type}-note`;
          return (
            <div key={type} className="connect-app">
              <button
                type="button"
                className="button button-secondary"
                disabled={!ready || starting !== null}
                aria-describedby={status && !ready ? noteId : undefined}
                onClick={() => void connect(type)}
              >
                {/* One app: its badge; a provider of several (Google): its initial in the first app's colour. */}
                {apps[0] && <AppBadge connector={{ name: provider.name, icon: apps.length === 1 ? apps[0].icon : { color: apps[0].icon.color, glyph: provider.name.slice(0, 1) } }} size="small" />}
                {starting === type ? t(`${K}connect.connecting`) : t(`${K}connect.connectWith`, { provider: provider.name })}
              </button>
              {apps.length > 0 && <span className="field-hint">{apps.map((app) => app.name).join(', ')}</span>}
              {status && !ready && (
                <p className="field-hint" id={noteId}>
                  {t(`${K}connect.providerNotSetUp`, { provider: provider.name })}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {failure && (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
