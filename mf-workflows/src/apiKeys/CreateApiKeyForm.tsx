// The form that creates an API key, in a dialog: name, scopes (each with what
// it allows), expiry, an optional IP allow-list and rate limit. Checked with
// the domain's schema before it is sent, so the browser refuses what
// platform-api would; a refusal only the service makes (a scope beyond the
// creator's role, an address it cannot read) lands on its field.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, useI18n } from '@agentflow/shared';
import { Dialog } from '@agentflow/shared/dialog';
import { SelectField, TextAreaField, TextField, focusFirstInvalid } from '@agentflow/shared/ui';
import { API_KEY_ERROR_CODES, API_KEY_LIMITS, API_KEY_SCOPE_LIST, createApiKeySchema, type ApiKeyScope, type CreateApiKeyBody } from '@agentflow/shared/api-keys';
import { linesOf } from '../components/textLines';
import { useApiKeysClient, type CreatedApiKey } from './apiKeysClient';
import { AK, apiKeysErrorText, formErrorKind, formFieldOf, scopeText, type FormField } from './apiKeysTexts';

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
  const ips = linesOf(draft.ipAllowList);
  return {
    name: draft.name,
    workspaceId,
    // In the list's order, whatever order they were ticked in.
    scopes: API_KEY_SCOPE_LIST.filter((scope) => draft.scopes.includes(scope)),
    expiresInDays: draft.expiry === '' ? null : Number(draft.expiry),
    ...(ips.length > 0 ? { ipAllowList: ips } : {}),
    // An empty field is the platform's default; anything else must be a number the schema accepts.
    ...(draft.rateLimit.trim() === '' ? {} : { rateLimitPerMinute: Number(draft.rateLimit) }),
  };
}

export function CreateApiKeyForm({ workspace, onCreated, onClose }: { workspace: string; onCreated: (created: CreatedApiKey) => void; onClose: () => void }) {
  const { t } = useI18n();
  const client = useApiKeysClient();
  const ids = useId();
  const id = (key: FormField) => `${ids}-${key}`;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The scope the service refused (beyond the creator's role), marked on its checkbox. */
  const [refusedScope, setRefusedScope] = useState<ApiKeyScope | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const toggleScope = (scope: ApiKeyScope, on: boolean) => {
    set('scopes', on ? [...draft.scopes, scope] : draft.scopes.filter((each) => each !== scope));
    if (!on && scope === refusedScope) setRefusedScope(null);
  };

  const showErrors = (found: Partial<Record<FormField, string>>) => {
    setErrors(found);
    // The scopes' group is focused by its first checkbox.
    focusFirstInvalid(Object.fromEntries(FIELD_ORDER.map((key) => [key, key === 'scopes' ? `${id('scopes')}-${API_KEY_SCOPE_LIST[0]}` : id(key)])), found as Record<string, string>);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setRefusedScope(null);
    const parsed = createApiKeySchema.safeParse(bodyOf(draft, workspace));
    if (!parsed.success) {
      const found: Partial<Record<FormField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = formFieldOf(issue.path);
        if (field && !found[field]) found[field] = t(`${AK}errors.${formErrorKind(issue)}`);
      }
      showErrors(found);
      return;
    }
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
      } else if (error instanceof ApiError && error.status === 400 && field) {
        showErrors({ [field]: field === 'ipAllowList' ? t(`${AK}errors.ip`) : t(`${AK}errors.invalid`) });
      } else setFailure(apiKeysErrorText(t, error));
      setBusy(false);
    }
  };

  const scopesErrorId = `${id('scopes')}-error`;
  return (
    <Dialog title={t(`${AK}create.title`)} onClose={onClose} testId="api-key-create">
      <form className="api-key-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField id={id('name')} label={t(`${AK}create.name`)} hint={t(`${AK}create.nameHint`)} value={draft.name} error={errors.name} maxLength={API_KEY_LIMITS.nameMax} autoComplete="off" onChange={(event) => set('name', event.target.value)} data-autofocus />
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
        <TextAreaField id={id('ipAllowList')} label={t(`${AK}create.ipAllowList`)} hint={t(`${AK}create.ipAllowListHint`)} value={draft.ipAllowList} error={errors.ipAllowList} rows={2} spellCheck={false} onChange={(event) => set('ipAllowList', event.target.value)} />
        <TextField
          id={id('rateLimit')}
          label={t(`${AK}create.rateLimit`)}
          hint={t(`${AK}create.rateLimitHint`, { max: API_KEY_LIMITS.rateLimitPerMinuteMax })}
          value={draft.rateLimit}
          error={errors.rateLimit}
          type="number"
          inputMode="numeric"
          min={1}
          max={API_KEY_LIMITS.rateLimitPerMinuteMax}
          onChange={(event) => set('rateLimit', event.target.value)}
        />
        {failure ? (
          <p className="form-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t(`${AK}cancel`)}
          </button>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? t(`${AK}create.creating`) : t(`${AK}create.submit`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
