// /workflows/api-keys: the current workspace's API keys (issue 24) — a table
// on desktops that becomes one card per key on phones — the dialogs that
// create and edit one and the panel that shows a new key's secret once.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, PageHeader, useI18n, useToast } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { DataTable } from '@agentflow/shared/ui';
import type { ApiKeyView } from '@agentflow/shared/api-keys';
import { useApiKeysClient, type CreatedApiKey } from './apiKeysClient';
import { AK, apiKeysErrorText } from './apiKeysTexts';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { EditApiKeyForm } from './EditApiKeyForm';
import { ApiKeySecretPanel } from './ApiKeySecretPanel';

export const apiKeysQueryKey = (workspace: string) => ['apiKeys', workspace] as const;

/** Where the key may be used from and how often: its allow-list (else any address) and rate limit (else the platform's). */
function KeyLimits({ apiKey }: { apiKey: ApiKeyView }) {
  const { t, language } = useI18n();
  return (
    <div className="api-key-limits">
      {apiKey.ipAllowList.length === 0 ? (
        <span>{t(`${AK}limits.anyAddress`)}</span>
      ) : (
        <ul className="api-key-ip-list" aria-label={t(`${AK}limits.ipAllowList`)}>
          {apiKey.ipAllowList.map((range) => (
            <li key={range}>
              <code>{range}</code>
            </li>
          ))}
        </ul>
      )}
      <span>{apiKey.rateLimitPerMinute === null ? t(`${AK}limits.defaultRate`) : t(`${AK}limits.perMinute`, { limit: apiKey.rateLimitPerMinute.toLocaleString(language) })}</span>
    </div>
  );
}

function KeyRow({ apiKey, onEdit, onRevoke }: { apiKey: ApiKeyView; onEdit: (key: ApiKeyView) => void; onRevoke: (key: ApiKeyView) => void }) {
  const { t, language } = useI18n();
  const columns = (key: string) => t(`${AK}columns.${key}`);
  // A day is enough for creation and expiry; the last use says the time too (minutes, not seconds).
  const date = (iso: string | null, none: string, withTime = false) => (iso ? new Date(iso).toLocaleString(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }) : none);
  return (
    <tr data-testid="api-key-row" data-status={apiKey.status}>
      {/* The status under the name: one column fewer, so the table fits the page at 1280 pixels in German too. */}
      <th scope="row" data-label={columns('name')}>
        <span className="api-key-name">{apiKey.name}</span>
        <span className="api-key-status" data-status={apiKey.status}>
          {t(`${AK}status.${apiKey.status}`)}
        </span>
      </th>
      <td data-label={columns('key')}>
        <code className="api-key-masked">{apiKey.masked}</code>
      </td>
      <td data-label={columns('scopes')}>
        <ul className="api-key-scope-chips">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td data-label={columns('limits')}>
        <KeyLimits apiKey={apiKey} />
      </td>
      <td className="api-key-date" data-label={columns('created')}>{date(apiKey.createdAt, '')}</td>
      <td className="api-key-date" data-label={columns('expires')}>{date(apiKey.expiresAt, t(`${AK}never`))}</td>
      <td data-label={columns('lastUsed')}>{date(apiKey.lastUsedAt, t(`${AK}notUsed`), true)}</td>
      <td className="api-key-actions" data-label={columns('actions')}>
        {/* A revoked key is refused by PATCH; an expired one can be revoked but no longer used, so it is not edited either. */}
        {apiKey.status === 'revoked' ? null : (
          <div className="api-key-action-buttons">
            {apiKey.status === 'active' ? (
              <button type="button" className="button button-ghost" onClick={() => onEdit(apiKey)} aria-label={t(`${AK}edit.label`, { name: apiKey.name })}>
                {t(`${AK}edit.open`)}
              </button>
            ) : null}
            <button type="button" className="button button-ghost api-key-revoke" onClick={() => onRevoke(apiKey)} aria-label={t(`${AK}revokeLabel`, { name: apiKey.name })}>
              {t(`${AK}revoke`)}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

export function ApiKeysPage({ workspace }: { workspace: string }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useApiKeysClient();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: apiKeysQueryKey(workspace), queryFn: () => client.list(workspace) });
  const [creating, setCreating] = useState(false);
  // The new key and its secret: this state only, gone when the panel closes.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [editing, setEditing] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const onCreated = (next: CreatedApiKey) => {
    setCreating(false);
    setCreated(next);
    // The list shows the new key from the create answer (its view only, never the secret): no refetch needed.
    queryClient.setQueryData<ApiKeyView[]>(apiKeysQueryKey(workspace), (current) => [next.key, ...(current ?? []).filter((each) => each.id !== next.key.id)]);
  };

  const replaced = (key: ApiKeyView) => queryClient.setQueryData<ApiKeyView[]>(apiKeysQueryKey(workspace), (current) => (current ?? []).map((each) => (each.id === key.id ? key : each)));

  const onSaved = (key: ApiKeyView) => {
    setEditing(null);
    replaced(key);
    toast({ title: t(`${AK}edit.saved`), variant: 'success' });
  };

  const revoke = async (key: ApiKeyView) => {
    setRevokeBusy(true);
    setRevokeError(null);
    try {
      replaced(await client.revoke(key.id));
      setRevoking(null);
      toast({ title: t(`${AK}revoked`), variant: 'success' });
    } catch (error) {
      setRevokeError(apiKeysErrorText(t, error));
    } finally {
      setRevokeBusy(false);
    }
  };

  const createButton = (
    <>
      <Link className="button" to="/workflows/api-reference" data-testid="api-reference-link">
        {t(`${AK}referenceLink`)}
      </Link>
      <button type="button" className="button button-primary" onClick={() => setCreating(true)} data-testid="api-key-create-open">
        {t(`${AK}create.open`)}
      </button>
    </>
  );
  const columnKeys = ['name', 'key', 'scopes', 'limits', 'created', 'expires', 'lastUsed'] as const;

  return (
    <section className="api-keys" data-testid="api-keys-page">
      <PageHeader title={t(`${AK}title`)} subtitle={t(`${AK}intro`)} actions={createButton} />
      {created ? <ApiKeySecretPanel created={created} onClose={() => setCreated(null)} /> : null}
      {keys.isPending ? (
        <p role="status">{t(`${AK}loading`)}</p>
      ) : keys.isError ? (
        <p className="form-alert" role="alert">
          {apiKeysErrorText(t, keys.error)}
        </p>
      ) : keys.data.length === 0 ? (
        <div className="api-keys-empty card" data-testid="api-keys-empty">
          <p>{t(`${AK}empty`)}</p>
        </div>
      ) : (
        <DataTable className="api-keys-table" testId="api-keys-table" caption={t(`${AK}listLabel`)} hideCaption columns={[...columnKeys, 'actions'].map((key) => t(`${AK}columns.${key}`))}>
          {keys.data.map((key) => (
            <KeyRow
              key={key.id}
              apiKey={key}
              onEdit={setEditing}
              onRevoke={(chosen) => {
                setRevokeError(null);
                setRevoking(chosen);
              }}
            />
          ))}
        </DataTable>
      )}
      {creating ? <CreateApiKeyForm workspace={workspace} onCreated={onCreated} onClose={() => setCreating(false)} /> : null}
      {editing ? <EditApiKeyForm apiKey={editing} onSaved={onSaved} onStale={() => void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(workspace) })} onClose={() => setEditing(null)} /> : null}
      {revoking ? (
        <ConfirmDialog
          title={t(`${AK}revokeTitle`, { name: revoking.name })}
          description={<p>{t(`${AK}revokeText`)}</p>}
          confirmLabel={t(`${AK}revoke`)}
          cancelLabel={t(`${AK}cancel`)}
          busy={revokeBusy}
          error={revokeError}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}
