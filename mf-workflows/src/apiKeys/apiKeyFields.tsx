// The fields the create and edit dialogs share (name, IP allow-list, rate
// limit), how their text becomes the body's values, and how the domain
// schema's checks and the service's refusals land on them.
import { ApiError, useI18n } from '@agentflow/shared';
import { TextAreaField, TextField } from '@agentflow/shared/ui';
import { API_KEY_LIMITS } from '@agentflow/shared/api-keys';
import { linesOf } from '../components/textLines';
import { AK, formErrorKind, formFieldOf, type FormField, type Translate } from './apiKeysTexts';

export type FieldErrors = Partial<Record<FormField, string>>;

/** The allow-list's text area, one entry a line (empty: any address). */
export const ipAllowListOf = (text: string): string[] => linesOf(text);

/** The rate limit's field: empty is the platform's default (null); anything else must be a number the schema accepts. */
export const rateLimitOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** A key's allow-list and rate limit as the fields show them. */
export const limitsText = (key: { ipAllowList: readonly string[]; rateLimitPerMinute: number | null }) => ({
  ipAllowList: key.ipAllowList.join('\n'),
  rateLimit: key.rateLimitPerMinute === null ? '' : String(key.rateLimitPerMinute),
});

/** The schema's issues, the first per field, in the user's words. */
export function schemaErrors(t: Translate, issues: readonly { code: string; path: readonly PropertyKey[] }[]): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of issues) {
    const field = formFieldOf(issue.path);
    if (field && !found[field]) found[field] = t(`${AK}errors.${formErrorKind(issue)}`);
  }
  return found;
}

/** A 400 that names a field ('ipAllowList.1': an address platform-api cannot read), on that field; null for any other refusal. */
export function fieldRefusal(t: Translate, error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.details.field !== 'string') return null;
  const field = formFieldOf(error.details.field.split('.'));
  return field ? { [field]: field === 'ipAllowList' ? t(`${AK}errors.ip`) : t(`${AK}errors.invalid`) } : null;
}

export function ApiKeyNameField({ id, value, error, onChange }: { id: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const { t } = useI18n();
  return <TextField id={id} label={t(`${AK}create.name`)} hint={t(`${AK}create.nameHint`)} value={value} error={error} maxLength={API_KEY_LIMITS.nameMax} autoComplete="off" onChange={(event) => onChange(event.target.value)} data-autofocus />;
}

export function ApiKeyLimitFields({
  ids,
  value,
  errors,
  onChange,
}: {
  ids: { ipAllowList: string; rateLimit: string };
  value: { ipAllowList: string; rateLimit: string };
  errors: FieldErrors;
  onChange: (field: 'ipAllowList' | 'rateLimit', value: string) => void;
}) {
  const { t, language } = useI18n();
  return (
    <>
      <TextAreaField id={ids.ipAllowList} label={t(`${AK}create.ipAllowList`)} hint={t(`${AK}create.ipAllowListHint`)} value={value.ipAllowList} error={errors.ipAllowList} rows={2} spellCheck={false} onChange={(event) => onChange('ipAllowList', event.target.value)} />
      <TextField
        id={ids.rateLimit}
        label={t(`${AK}create.rateLimit`)}
        hint={t(`${AK}create.rateLimitHint`, { max: API_KEY_LIMITS.rateLimitPerMinuteMax.toLocaleString(language) })}
        value={value.rateLimit}
        error={errors.rateLimit}
        type="number"
        inputMode="numeric"
        min={1}
        max={API_KEY_LIMITS.rateLimitPerMinuteMax}
        onChange={(event) => onChange('rateLimit', event.target.value)}
      />
    </>
  );
}
