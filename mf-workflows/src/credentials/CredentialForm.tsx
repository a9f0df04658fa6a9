// Add or edit one credential. The fields come from the type's declaration in
// CREDENTIAL_TYPES (password inputs for secrets, url inputs for addresses) and
// are checked with the domain's own body schemas before anything is sent, so
// the browser refuses exactly what platform-api would; each check's error sits
// under its field. Editing never shows a secret: a secret left blank keeps the
// stored one, a filled one replaces it. A new credential beyond the plan's
// limit (403 plan_limit_reached) is explained with the plan that allows more.
import { useId, useState, type FormEvent } from 'react';
import { useI18n, useMembership } from '@agentflow/shared';
import { SelectField, TextField, focusFirstInvalid } from '@agentflow/shared/ui';
import {
  AI_CREDENTIAL_TYPE_IDS,
  CREDENTIAL_TYPE_IDS,
  CREDENTIAL_TYPES,
  FORM_CREDENTIAL_TYPE_IDS,
  createCredentialBodySchema,
  credentialType,
  isCredentialTypeId,
  isOAuthCredentialType,
  updateCredentialBodySchema,
  type CredentialField,
  type CredentialTypeId,
  type CredentialView,
} from '@agentflow/shared/credentials';
import { useCredentialsClient } from './api';
import { refusalOfError, type Refusal } from '../api/refusals';
import { RefusalNote } from '../components/RefusalNote';
import { C, errorText, fieldErrorKind, typeLabel, type FieldErrorKind } from './credentialTexts';

const HTTP_TYPE_IDS = CREDENTIAL_TYPE_IDS.filter((id) => CREDENTIAL_TYPES[id].kind === 'http');
// Apps' keys and tokens; OAuth types are made by signing in (the Connect buttons), never in this form.
const APP_TYPE_IDS = FORM_CREDENTIAL_TYPE_IDS.filter((id) => CREDENTIAL_TYPES[id].kind === 'app');
const GROUPS = [
  ['ai', AI_CREDENTIAL_TYPE_IDS],
  ['http', HTTP_TYPE_IDS],
  ['apps', APP_TYPE_IDS],
] as const;

export interface CredentialFormProps {
  /** The credential being edited; absent: a new one. */
  editing?: CredentialView;
  onSaved: (credential: CredentialView) => void;
  onCancel: () => void;
  /** Only these types (an app's key or token form in the builder); one type is chosen already. */
  types?: readonly CredentialTypeId[];
  /** The form's heading instead of "Add credential". */
  title?: string;
  /** A new credential's name to start from. */
  initialName?: string;
  /** A new credential goes to this organization's workspace (absent or null: personal). */
  organizationId?: string | null;
}

type Issue = { path: PropertyKey[]; code: string; message: string };

/** The schema's issues by form field: 'type', 'name' or a field key ('settings.baseUrl' → 'baseUrl'). */
function errorsOf(issues: readonly Issue[]): Record<string, FieldErrorKind> {
  const errors: Record<string, FieldErrorKind> = {};
  for (const issue of issues) {
    const [head, key] = issue.path.map(String);
    const field = head === 'settings' || head === 'secrets' ? key : head;
    if (field && !errors[field]) errors[field] = fieldErrorKind(issue);
  }
  return errors;
}

export function CredentialForm({ editing, onSaved, onCancel, types, title: givenTitle, initialName, organizationId = null }: CredentialFormProps) {
  const { t } = useI18n();
  const client = useCredentialsClient();
  const id = useId();
  const [type, setType] = useState<CredentialTypeId | ''>(editing?.type ?? (types?.length === 1 ? types[0]! : ''));
  const [name, setName] = useState(editing?.name ?? initialName ?? '');
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...(editing?.settings ?? {}) }));
  const [errors, setErrors] = useState<Record<string, FieldErrorKind>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { membership } = useMembership();
  const [saving, setSaving] = useState(false);
  // A signed-in account's tokens come from its provider: only its name is edited here.
  const signedIn = type !== '' && isOAuthCredentialType(type);
  const fields: readonly CredentialField[] = type && !signedIn ? CREDENTIAL_TYPES[type].fields : [];
  const controlId = (field: string) => `${id}-${field}`;

  const set = (field: string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const valuesOf = (secret: boolean, keepBlank: boolean) =>
    Object.fromEntries(fields.filter((f) => f.secret === secret && (keepBlank || (values[f.key] ?? '') !== '')).map((f) => [f.key, values[f.key] ?? '']));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setRefusal(null);
    const parsed = editing
      ? updateCredentialBodySchema(editing.type).safeParse(signedIn ? { name } : { name, settings: valuesOf(false, true), secrets: valuesOf(true, false) })
      : createCredentialBodySchema.safeParse({ type, name, settings: valuesOf(false, true), secrets: valuesOf(true, true) });
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues);
      setErrors(found);
      focusFirstInvalid(Object.fromEntries(['type', 'name', ...fields.map((f) => f.key)].map((f) => [f, controlId(f)])), found);
      return;
    }
    setSaving(true);
    try {
      const data = parsed.data as { name?: string; settings?: Record<string, string>; secrets?: Record<string, string> };
      const saved = editing
        ? await client.update(editing.id, { name: data.name, settings: data.settings, ...(data.secrets && Object.keys(data.secrets).length ? { secrets: data.secrets } : {}) })
        : await client.create({
            type: type as CredentialTypeId,
            name: data.name ?? name,
            settings: data.settings ?? {},
            secrets: data.secrets ?? {},
            ...(organizationId ? { organizationId } : {}),
          });
      onSaved(saved);
    } catch (error) {
      const refused = refusalOfError(error, { role: membership?.role });
      if (refused?.code === 'plan_limit_reached') setRefusal(refused);
      else setFailure(errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: string) => (errors[field] ? t(`${C}form.errors.${errors[field]}`) : undefined);
  const title = givenTitle ?? (editing ? t(`${C}form.editTitle`, { name: editing.name }) : t(`${C}form.addTitle`));
  const secretFields = fields.filter((f) => f.secret);
  const renderField = (field: CredentialField) => {
    const defaultBaseUrl = type ? credentialType(type).defaultBaseUrl : undefined;
    const storedHint = editing && field.secret ? editing.secretHints[field.key] : undefined;
    const hint = storedHint
      ? t(`${C}form.keepSecret`, { hint: storedHint })
      : field.input === 'url' && defaultBaseUrl
        ? t(`${C}form.baseUrlHint`, { url: defaultBaseUrl })
        : undefined;
    return (
      <TextField
        key={field.key}
        id={controlId(field.key)}
        name={field.key}
        type={field.input}
        label={`${t(`${C}fields.${field.key}`)}${field.required ? '' : ` ${t(`${C}form.optional`)}`}`}
        autoComplete={field.secret ? 'new-password' : 'off'}
        spellCheck={false}
        placeholder={field.input === 'url' ? 'https://' : undefined}
        value={values[field.key] ?? ''}
        error={errorOf(field.key)}
        hint={hint}
        onChange={(event) => set(field.key, event.target.value)}
      />
    );
  };

  return (
    <form className="form card credential-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)} data-testid="credential-form">
      <h2 id={`${id}-title`}>{title}</h2>
      {editing || (types?.length === 1 && type) ? (
        <p className="muted">
          {t(`${C}type`)}: {typeLabel(t, editing?.type ?? (type as CredentialTypeId))}
        </p>
      ) : (
        <SelectField
          id={controlId('type')}
          label={t(`${C}type`)}
          value={type}
          error={errorOf('type')}
          onChange={(event) => {
            const next = event.target.value;
            setType(isCredentialTypeId(next) ? next : '');
            setValues({});
            setErrors({});
          }}
        >
          <option value="">{t(`${C}form.chooseType`)}</option>
          {GROUPS.map(([group, ids]) => {
            const shown = types ? ids.filter((typeId) => types.includes(typeId)) : ids;
            return shown.length === 0 ? null : (
              <optgroup key={group} label={t(`${C}groups.${group}`)}>
                {shown.map((typeId) => (
                  <option key={typeId} value={typeId}>
                    {typeLabel(t, typeId)}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </SelectField>
      )}
      <TextField
        id={controlId('name')}
        label={t(`${C}form.name`)}
        value={name}
        error={errorOf('name')}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          setErrors(({ name: _gone, ...rest }) => rest);
        }}
      />
      {fields.filter((f) => !f.secret).map(renderField)}
      {editing && secretFields.length > 0 ? (
        <fieldset className="credential-secrets">
          <legend>{t(`${C}form.replaceSecret`)}</legend>
          {secretFields.map(renderField)}
        </fieldset>
      ) : (
        secretFields.map(renderField)
      )}
      {failure && (
        <p className="form-alert" role="alert" data-testid="credential-form-error">
          {failure}
        </p>
      )}
      {refusal && <RefusalNote refusal={refusal} announce testId="credential-plan-limit" />}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {t(saving ? `${C}form.saving` : `${C}form.save`)}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t(`${C}form.cancel`)}
        </button>
      </div>
    </form>
  );
}
