// Make or edit a knowledge base. Checked with the domain's own schemas before
// anything is sent (the browser refuses what platform-api would), each error
// under its field; a 400 from the service lands under the field it names.
// The embedding model and the passage size are chosen once, when it is made:
// its chunks are embedded and cut with them. Editing changes the name, the
// description and how a search ranks (passages per search, minimum similarity).
import { useId, useState, type FormEvent } from 'react';
import { useI18n, useWorkspace } from '@agentflow/shared';
import { SelectField, TextAreaField, TextField, focusFirstInvalid } from '@agentflow/shared/ui';
import {
  CHUNKING_LIMITS,
  DEFAULT_RETRIEVAL,
  EMBEDDING_MODEL_SUGGESTIONS,
  RETRIEVAL_LIMITS,
  createKnowledgeBaseSchema,
  updateKnowledgeBaseSchema,
  type KnowledgeBase,
} from '@agentflow/shared/knowledge';
import { useKnowledgeClient } from '../../api/knowledge';
import { typeLabel } from '../../credentials/credentialTexts';
import { useEmbeddingCredentials } from './embeddingCredentials';
import { K, errorText, errorsOf, fieldRefusal, type FieldErrorKind } from './knowledgeTexts';

export interface KnowledgeBaseFormProps {
  /** The base being edited; absent: a new one in the current workspace. */
  editing?: KnowledgeBase;
  onSaved: (saved: KnowledgeBase) => void;
  onCancel: () => void;
}

const CREATE_FIELDS = ['name', 'description', 'embedding.credentialId', 'embedding.model', 'chunking.size', 'chunking.overlap'] as const;
const EDIT_FIELDS = ['name', 'description', 'retrieval.topK', 'retrieval.minSimilarity'] as const;

/** A number input's value as the schema gets it: blank is not a number. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

export function KnowledgeBaseForm({ editing, onSaved, onCancel }: KnowledgeBaseFormProps) {
  const { t, language } = useI18n();
  const client = useKnowledgeClient();
  const { currentId } = useWorkspace();
  const embedding = useEmbeddingCredentials();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() => ({
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    'embedding.credentialId': '',
    'embedding.model': '',
    'chunking.size': String(CHUNKING_LIMITS.defaultSize),
    'chunking.overlap': String(CHUNKING_LIMITS.defaultOverlap),
    'retrieval.topK': String(editing?.retrieval.topK ?? DEFAULT_RETRIEVAL.topK),
    'retrieval.minSimilarity': String(editing?.retrieval.minSimilarity ?? DEFAULT_RETRIEVAL.minSimilarity),
  }));
  const [errors, setErrors] = useState<Record<string, FieldErrorKind>>({});
  /** A service refusal under its field (already translated). */
  const [refused, setRefused] = useState<{ field: string; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const controlId = (field: string) => `${id}-${field.replace('.', '-')}`;
  const fields = editing ? EDIT_FIELDS : CREATE_FIELDS;

  const set = (field: string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setRefused((current) => (current?.field === field ? null : current));
  };

  const chooseCredential = (credentialId: string) => {
    const credential = embedding.credentials.find((c) => c.id === credentialId);
    set('embedding.credentialId', credentialId);
    set('embedding.model', credential ? (EMBEDDING_MODEL_SUGGESTIONS[credential.type] ?? '') : '');
  };

  const body = () =>
    editing
      ? updateKnowledgeBaseSchema.safeParse({
          name: values.name,
          description: values.description,
          retrieval: { topK: numberOf(values['retrieval.topK']!), minSimilarity: numberOf(values['retrieval.minSimilarity']!) },
        })
      : createKnowledgeBaseSchema.safeParse({
          workspaceId: currentId,
          name: values.name,
          description: values.description,
          chunking: { size: numberOf(values['chunking.size']!), overlap: numberOf(values['chunking.overlap']!) },
          embedding: values['embedding.credentialId'] ? { credentialId: values['embedding.credentialId'], model: values['embedding.model'] } : null,
        });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setRefused(null);
    const parsed = body();
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues);
      setErrors(found);
      focusFirstInvalid(Object.fromEntries(fields.map((field) => [field, controlId(field)])), found);
      return;
    }
    setSaving(true);
    try {
      const saved = editing
        ? await client.update(editing.id, parsed.data as Parameters<typeof client.update>[1])
        : await client.create(parsed.data as Parameters<typeof client.create>[0]);
      onSaved(saved);
    } catch (error) {
      const onField = fieldRefusal(t, error, fields);
      if (onField) {
        setRefused(onField);
        document.getElementById(controlId(onField.field))?.focus();
      } else setFailure(errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: string) => (errors[field] ? t(`${K}form.errors.${errors[field]}`) : refused?.field === field ? refused.text : undefined);
  const text = (field: (typeof fields)[number], label: string, extra: { hint?: string; type?: string; min?: number; max?: number; step?: string } = {}) => (
    <TextField
      id={controlId(field)}
      label={label}
      value={values[field] ?? ''}
      error={errorOf(field)}
      autoComplete="off"
      inputMode={extra.type === 'number' ? 'decimal' : undefined}
      {...extra}
      onChange={(event) => set(field, event.target.value)}
    />
  );

  return (
    <form className="form card knowledge-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)} data-testid="knowledge-base-form">
      <h2 id={`${id}-title`}>{editing ? t(`${K}form.editTitle`, { name: editing.name }) : t(`${K}form.addTitle`)}</h2>
      {text('name', t(`${K}form.name`))}
      <TextAreaField
        id={controlId('description')}
        label={t(`${K}form.description`)}
        value={values.description ?? ''}
        error={errorOf('description')}
        rows={2}
        onChange={(event) => set('description', event.target.value)}
      />
      {editing ? (
        <>
          <p className="muted">{t(`${K}form.embeddingFixed`)}</p>
          <div className="field-row">
            {text('retrieval.topK', t(`${K}form.topK`), { type: 'number', min: RETRIEVAL_LIMITS.minTopK, max: RETRIEVAL_LIMITS.maxTopK })}
            {text('retrieval.minSimilarity', t(`${K}form.minSimilarity`), { type: 'number', min: -1, max: 1, step: '0.05' })}
          </div>
        </>
      ) : (
        <>
          <SelectField
            id={controlId('embedding.credentialId')}
            label={t(`${K}form.embedding`)}
            hint={t(`${K}form.embeddingHint`)}
            value={values['embedding.credentialId'] ?? ''}
            error={errorOf('embedding.credentialId')}
            onChange={(event) => chooseCredential(event.target.value)}
          >
            <option value="">{t(`${K}form.noEmbedding`)}</option>
            {embedding.credentials.map((credential) => (
              <option key={credential.id} value={credential.id}>
                {credential.name} ({typeLabel(t, credential.type)})
              </option>
            ))}
          </SelectField>
          {values['embedding.credentialId'] ? text('embedding.model', t(`${K}form.model`)) : null}
          <div className="field-row">
            {text('chunking.size', t(`${K}form.chunkSize`), {
              type: 'number',
              min: CHUNKING_LIMITS.minSize,
              max: CHUNKING_LIMITS.maxSize,
              hint: t(`${K}form.chunkSizeHint`, { min: CHUNKING_LIMITS.minSize.toLocaleString(language), max: CHUNKING_LIMITS.maxSize.toLocaleString(language) }),
            })}
            {text('chunking.overlap', t(`${K}form.overlap`), { type: 'number', min: 0, hint: t(`${K}form.overlapHint`) })}
          </div>
        </>
      )}
      {failure && (
        <p className="form-alert" role="alert" data-testid="knowledge-form-error">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {t(saving ? `${K}form.saving` : `${K}form.save`)}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t(`${K}form.cancel`)}
        </button>
      </div>
    </form>
  );
}
