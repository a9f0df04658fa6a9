// /workflows/credentials: the current workspace's credentials (the keys and
// addresses its agents and HTTP steps use), with Add, Test connection, Edit
// and Delete: in the personal workspace the user's own, in an organization's
// those it owns (added there by whoever may manage credentials). A
// lazily loaded route of its own (WorkflowsApp), so the catalogue's first view
// does not carry it. A deployment without a vault says so in the user's terms.
import { useState } from 'react';
import { Link, PageHeader, PERMISSIONS, RequireAuth, useI18n, useRemoteCatalogs, useToast, useWorkspace } from '@agentflow/shared';
import { WORKSPACE_ROLE_PERMISSIONS } from '@agentflow/shared/workspaces';
import { Dialog } from '@agentflow/shared/dialog';
import { CREDENTIAL_TYPES, isCredentialTypeId, type CredentialView } from '@agentflow/shared/credentials';
import { useCredentialsClient } from './api';
import { CredentialCard } from './CredentialCard';
import { CredentialForm } from './CredentialForm';
import { useCredentialList } from './credentialList';
import { C, errorText, vaultUnavailable } from './credentialTexts';
import { CREDENTIALS_CATALOGS } from './i18n';
import { ConnectApps } from '../connectors/ConnectApps';
import { useSignInResult } from '../connectors/oauthReturn';
import { K, oauthErrorText } from '../connectors/connectorTexts';
import { CONNECTORS_CATALOGS } from '../connectors/i18n';
import './credentials.css';

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; credential: CredentialView };

export function CredentialsPage() {
  useRemoteCatalogs(CONNECTORS_CATALOGS);
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useCredentialsClient();
  const list = useCredentialList();
  const { organizationId, current } = useWorkspace();
  // The list holds every credential the user may use; this page shows the current workspace's.
  const inWorkspace = (credential: CredentialView) =>
    organizationId === null ? credential.owner.kind === 'user' : credential.owner.kind === 'organization' && credential.owner.organizationId === organizationId;
  const credentials = list.status === 'ready' ? list.credentials.filter(inWorkspace) : [];
  // Adding, editing and deleting need manage_credentials here (the service refuses the others); unknown until the role has loaded.
  const canManage = organizationId === null || (current !== null && WORKSPACE_ROLE_PERMISSIONS[current.roleId].includes(PERMISSIONS.manageCredentials));
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<CredentialView | null>(null);
  const [removing, setRemoving] = useState(false);
  const unavailable = list.status === 'failed' && vaultUnavailable(list.error);
  const [signInError, setSignInError] = useState<string | null>(null);

  // Back from an app's sign-in (Connect with …): the new account is in the list, or the reason it is not.
  useSignInResult((result) => {
    if (result.kind === 'error') {
      setSignInError(oauthErrorText(t, result.code));
      return;
    }
    setSignInError(null);
    const type = result.pending?.credentialType;
    toast({ title: t(`${K}connect.connected`, { app: type && isCredentialTypeId(type) ? CREDENTIAL_TYPES[type].label : t(`${K}step.app`) }), variant: 'success' });
    list.reload();
  });

  const saved = () => {
    setEditing({ kind: 'none' });
    toast({ title: t(`${C}form.saved`), variant: 'success' });
    list.reload();
  };

  const remove = async (credential: CredentialView) => {
    setRemoving(true);
    try {
      await client.remove(credential.id);
      toast({ title: t(`${C}remove.done`), variant: 'success' });
      list.reload();
    } catch (error) {
      toast({ title: errorText(t, error), variant: 'destructive' });
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  const addButton =
    unavailable || editing.kind === 'add' || !canManage ? null : (
      <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'add' })}>
        {t(`${C}add`)}
      </button>
    );

  return (
    <div className="credentials-page" data-testid="credentials-page">
      <p className="credentials-back">
        <Link to="/workflows">← {t(`${C}backToWorkflows`)}</Link>
      </p>
      <PageHeader title={t(`${C}title`)} subtitle={t(`${C}subtitle`)} actions={addButton} />
      <p className="credentials-workspace muted" data-testid="credentials-workspace">
        {organizationId === null
          ? t(`${C}workspace.personal`)
          : t(canManage ? `${C}workspace.organization` : `${C}workspace.organizationReadOnly`, { name: current?.name ?? '' })}
      </p>
      {signInError && (
        <p className="form-alert" role="alert" data-testid="sign-in-error">
          {signInError}
        </p>
      )}
      {editing.kind === 'add' && <CredentialForm organizationId={organizationId} onSaved={saved} onCancel={() => setEditing({ kind: 'none' })} />}
      {/* Signing in to an app makes a personal account: offered in the personal workspace. */}
      {!unavailable && organizationId === null && <ConnectApps />}
      {list.status === 'loading' && (
        <p role="status" className="muted">
          {t(`${C}loading`)}
        </p>
      )}
      {list.status === 'failed' && (
        <div className="form-alert" role="alert" data-testid="credentials-error">
          <p>{errorText(t, list.error)}</p>
          {!unavailable && (
            <button type="button" className="button" onClick={list.reload}>
              {t(`${C}retry`)}
            </button>
          )}
        </div>
      )}
      {list.status === 'ready' && credentials.length === 0 && editing.kind !== 'add' && (
        <p className="credentials-empty card" data-testid="credentials-empty">
          {t(`${C}empty`)}
        </p>
      )}
      {list.status === 'ready' && credentials.length > 0 && (
        <ul className="credentials-list" aria-label={t(`${C}listLabel`)}>
          {credentials.map((credential) =>
            editing.kind === 'edit' && editing.credential.id === credential.id ? (
              <li key={credential.id} className="credentials-editing">
                <CredentialForm editing={credential} onSaved={saved} onCancel={() => setEditing({ kind: 'none' })} />
              </li>
            ) : (
              <CredentialCard
                key={credential.id}
                credential={credential}
                canManage={canManage}
                onEdit={() => setEditing({ kind: 'edit', credential })}
                onDelete={() => setDeleting(credential)}
              />
            ),
          )}
        </ul>
      )}
      {deleting && (
        <Dialog role="alertdialog" title={t(`${C}remove.title`, { name: deleting.name })} description={t(`${C}remove.body`)} onClose={() => setDeleting(null)} testId="credential-delete-dialog">
          <div className="dialog-actions">
            <button type="button" className="button button-danger" disabled={removing} onClick={() => void remove(deleting)}>
              {t(`${C}remove.confirm`)}
            </button>
            <button type="button" className="button" data-autofocus onClick={() => setDeleting(null)}>
              {t(`${C}remove.keep`)}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

/** The route's element: signed-in users only; the texts load with the chunk. */
export function CredentialsRoute() {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  return (
    <RequireAuth>
      <CredentialsPage />
    </RequireAuth>
  );
}
