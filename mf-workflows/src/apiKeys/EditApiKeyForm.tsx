// The dialog that changes a key's name, IP allow-list and rate limit (what
// PATCH /api/api-keys/:keyId accepts; scopes and expiry are fixed at
// creation). Only what changed is sent, checked with the domain's schema
// first; a refusal only the service makes lands on its field.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, useI18n } from '@agentflow/shared';
import { Dialog, DialogActions } from '@agentflow/shared/dialog';
import { focusFirstInvalid } from '@agentflow/shared/ui';
import { API_KEY_ERROR_CODES, updateApiKeySchema, type ApiKeyView } from '@agentflow/shared/api-keys';
import { useApiKeysClient } from './apiKeysClient';
import { AK, apiKeysErrorText } from './apiKeysTexts';
import { ApiKeyLimitFields, ApiKeyNameField, fieldRefusal, ipAllowListOf, limitsText, rateLimitOf, schemaErrors, type FieldErrors } from './apiKeyFields';

const FIELD_ORDER = ['name', 'ipAllowList', 'rateLimit'] as const;
type EditField = (typeof FIELD_ORDER)[number];

/** The fields that differ from the key's, as PATCH takes them (unparsed: the schema checks them). */
export function changeOf(key: ApiKeyView, draft: Record<EditField, string>): Record<string, unknown> {
  const ips = ipAllowListOf(draft.ipAllowList);
  const rateLimit = rateLimitOf(draft.rateLimit);
  return {
    ...(draft.name.trim() !== key.name ? { name: draft.name } : {}),
    ...(ips.join('\n') !== key.ipAllowList.join('\n') ? { ipAllowList: ips } : {}),
    ...(rateLimit !== key.rateLimitPerMinute ? { rateLimitPerMinute: rateLimit } : {}),
  };
}

export function EditApiKeyForm({
  apiKey,
  onSaved,
  onStale,
  onClose,
}: {
  apiKey: ApiKeyView;
  onSaved: (key: ApiKeyView) => void;
  /** The key changed elsewhere (revoked in another tab): the list should be read again. */
  onStale: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const client = useApiKeysClient();
  const ids = useId();
  const id = (key: EditField) => `${ids}-${key}`;
  const [draft, setDraft] = useState<Record<EditField, string>>(() => ({ name: apiKey.name, ...limitsText(apiKey) }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: EditField, value: string) => setDraft((current) => ({ ...current, [key]: value }));

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirstInvalid(Object.fromEntries(FIELD_ORDER.map((key) => [key, id(key)])), found as Record<string, string>);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const change = changeOf(apiKey, draft);
    // Nothing changed: nothing to send (the service would refuse an empty change).
    if (Object.keys(change).length === 0) return onClose();
    const parsed = updateApiKeySchema.safeParse(change);
    if (!parsed.success) return showErrors(schemaErrors(t, parsed.error.issues));
    showErrors({});
    setBusy(true);
    try {
      onSaved(await client.update(apiKey.id, parsed.data));
    } catch (error) {
      const refused = fieldRefusal(t, error);
      if (refused) showErrors(refused);
      else setFailure(apiKeysErrorText(t, error));
      if (error instanceof ApiError && error.code === API_KEY_ERROR_CODES.revoked) onStale();
      setBusy(false);
    }
  };

  return (
    <Dialog title={t(`${AK}edit.title`, { name: apiKey.name })} description={<p>{t(`${AK}edit.fixed`)}</p>} onClose={onClose} testId="api-key-edit">
      <form className="api-key-form" onSubmit={(event) => void submit(event)} noValidate>
        <ApiKeyNameField id={id('name')} value={draft.name} error={errors.name} onChange={(name) => set('name', name)} />
        <ApiKeyLimitFields ids={{ ipAllowList: id('ipAllowList'), rateLimit: id('rateLimit') }} value={draft} errors={errors} onChange={set} />
        <DialogActions error={failure} cancelLabel={t(`${AK}cancel`)} onCancel={onClose} submitLabel={t(`${AK}edit.submit`)} busyLabel={t(`${AK}edit.saving`)} busy={busy} />
      </form>
    </Dialog>
  );
}
