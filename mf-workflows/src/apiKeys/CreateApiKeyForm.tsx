// The form that creates an API key, in a dialog: name, scopes (each with what
// it allows), expiry, an optional IP allow-list and rate limit. Checked with
// the domain's schema before it is sent, so the browser refuses what
// platform-api would; a refusal only the service makes (a scope beyond the
// creator's role, an address it cannot read) lands on its field.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, useI18n } from '@agentflow/shared';
import { Dialog, DialogActions } from '@agentflow/shared/dialog';
import { SelectField, focusFirstInvalid } from '@agentflow/shared/ui';
import { API_KEY_ERROR_CODES, API_KEY_SCOPE_LIST, createApiKeySchema, type ApiKeyScope, type CreateApiKeyBody } from '@agentflow/shared/api-keys';
import { useApiKeysClient, type CreatedApiKey } from './apiKeysClient';
import { AK, apiKeysErrorText, formFieldOf, scopeText, type FormField } from './apiKeysTexts';
import { ApiKeyLimitFields, ApiKeyNameField, fieldRefusal, ipAllowListOf, rateLimitOf, schemaErrors, type FieldErrors } from './apiKeyFields';

/** The expiries offered, in days (null: never), as n8n and most platforms offer them. */
export const EXPIRY_CHOICES = [null, 30, 90, 365] as const;

interface Draft {
  name: string;
  scopes: ApiKeyScope[];
  expiry: string;
  ipAllowList: string;
  rateLimit: string;
}

const EMPTY: Draft = { name: '', scopes: [], expiry: '90', ipAllowList: '', rateLimit: '' };
const FIELD_ORDER: readonly FormField[] = ['name', 'scopes', 'expiry', 'ipAllowList', 'rateLimit'];

function bodyOf(draft: Draft, workspaceId: string): unknown {
  const ips = ipAllowListOf(draft.ipAllowList);
  const rateLimit = rateLimitOf(draft.rateLimit);
  return {
    name: draft.name,
    workspaceId,
    // In the list's order, whatever order they were ticked in.
    scopes: API_KEY_SCOPE_LIST.filter((scope) => draft.scopes.includes(scope)),
    expiresInDays: draft.expiry === '' ? null : Number(draft.expiry),
    ...(ips.length > 0 ? { ipAllowList: ips } : {}),
    ...(rateLimit === null ? {} : { rateLimitPerMinute: rateLimit }),
  };
}

export function CreateApiKeyForm({ workspace, onCreated, onClose }: { workspace: string; onCreated: (created: CreatedApiKey) => void; onClose: () => void }) {
  const { t } = useI18n();
  const client = useApiKeysClient();
  const ids = useId();
  const id = (key: FormField) => `${ids}-${key}`;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The scope the service refused (beyond the creator's role), marked on its checkbox. */
  const [refusedScope, setRefusedScope] = useState<ApiKeyScope | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const toggleScope = (scope: ApiKeyScope, on: boolean) => {
    set('scopes', on ? [...draft.scopes, scope] : draft.scopes.filter((each) => each !== scope));
    if (!on && scope === refusedScope) setRefusedScope(null);
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    // The scopes' group is focused by its first checkbox.
    focusFirstInvalid(Object.fromEntries(FIELD_ORDER.map((key) => [key, key === 'scopes' ? `${id('scopes')}-${API_KEY_SCOPE_LIST[0]}` : id(key)])), found as Record<string, string>);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setRefusedScope(null);
    const parsed = createApiKeySchema.safeParse(bodyOf(draft, workspace));
    if (!parsed.success) return showErrors(schemaErrors(t, parsed.error.issues));
    showErrors({});
    setBusy(true);
    const body = parsed.data as CreateApiKeyBody;
    try {
      onCreated(await client.create(body));
    } catch (error) {
      const path = error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field.split('.') : [];
      const field = formFieldOf(path);
      if (error instanceof ApiError && error.code === API_KEY_ERROR_CODES.scopeExceedsRole && field === 'scopes') {
        // 'scopes.N' names the scope beyond the creator's role: said on the scopes, that one marked.
        const scope = body.scopes[Number(path[1])] ?? null;
        setRefusedScope(scope);
        showErrors({ scopes: scope ? t(`${AK}errors.scopeBeyondRole`, { scope: scopeText(t, scope) }) : apiKeysErrorText(t, error) });
      } else {
        const refused = fieldRefusal(t, error);
        if (refused) showErrors(refused);
        else setFailure(apiKeysErrorText(t, error));
      }
      setBusy(false);
    }
  };

  const scopesErrorId = `${id('scopes')}-error`;
  return (
    <Dialog title={t(`${AK}create.title`)} onClose={onClose} testId="api-key-create">
      <form className="api-key-form" onSubmit={(event) => void submit(event)} noValidate>
        <ApiKeyNameField id={id('name')} value={draft.name} error={errors.name} onChange={(name) => set('name', name)} />
        <fieldset className="api-key-scopes" aria-invalid={Boolean(errors.scopes)} aria-describedby={errors.scopes ? scopesErrorId : undefined} data-testid="api-key-scopes">
          <legend>{t(`${AK}create.scopes`)}</legend>
          {API_KEY_SCOPE_LIST.map((scope) => (
            <label key={scope} className="api-key-scope" data-refused={refusedScope === scope || undefined}>
              <input type="checkbox" id={`${id('scopes')}-${scope}`} checked={draft.scopes.includes(scope)}
                aria-invalid={refusedScope === scope || undefined}
                aria-describedby={refusedScope === scope ? scopesErrorId : undefined}
                onChange={(event) => toggleScope(scope, event.target.checked)} />
              <span>
                <code>{scope}</code>
                <span className="api-key-scope-text">{scopeText(t, scope)}</span>
              </span>
            </label>
          ))}
          {errors.scopes ? (
            <p className="field-error" id={scopesErrorId}>
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <SelectField id={id('expiry')} label={t(`${AK}create.expiry`)} value={draft.expiry} error={errors.expiry} onChange={(event) => set('expiry', event.target.value)}>
          {EXPIRY_CHOICES.map((days) => (
            <option key={days ?? 'never'} value={days ?? ''}>
              {days === null ? t(`${AK}create.expiryNever`) : t(`${AK}create.expiryDays`, { days })}
            </option>
          ))}
        </SelectField>
        <ApiKeyLimitFields ids={{ ipAllowList: id('ipAllowList'), rateLimit: id('rateLimit') }} value={draft} errors={errors} onChange={set} />
        <DialogActions error={failure} cancelLabel={t(`${AK}cancel`)} onCancel={onClose} submitLabel={t(`${AK}create.submit`)} busyLabel={t(`${AK}create.creating`)} busy={busy} />
      </form>
    </Dialog>
  );
}
