// The Run form: one field per entry of the manual trigger's input schema
// (text, long text, number, yes/no), required ones marked, validated with zod
// before anything is sent; a 400 that names an input field lands next to that
// field, a refusal with a code (no tokens left, a missing AI credential)
// explains itself with a link to the plans or the credentials page, any other
// refusal in a toast. The tokens left show beside Start. A workflow without a
// manual trigger (webhook, schedule) takes its input as a JSON object.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError, useI18n, useOnline, useToast } from '@agentflow/shared';
import type { Workflow, WorkflowProblem } from '@agentflow/shared/workflow';
import { inputFieldOf, type RunsClient } from '../api/runs';
import { initialValues, parseJsonInput, parseRunForm, runFormFields, type FieldErrorCode, type FormValues } from './runModel';
import { refusalOfError, type Refusal } from '../api/refusals';
import { RefusalNote } from '../components/RefusalNote';
import { TokenBalance } from '../components/TokenBalance';

const F = 'workflows.runs.form.';

export interface RunFormProps {
  workflow: Pick<Workflow, 'id' | 'name' | 'nodes'>;
  client: RunsClient;
  onStarted: (runId: string) => void;
  onClose?: () => void;
  /** validateWorkflow's problems with the stored workflow: the service refuses to run it, so say so first. */
  problems?: WorkflowProblem[];
}

export function RunForm({ workflow, client, onStarted, onClose, problems = [] }: RunFormProps) {
  const { t } = useI18n();
  const { toast } = useToast();
  const id = useId();
  const fields = useMemo(() => runFormFields(workflow), [workflow]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields ?? []));
  const [json, setJson] = useState('{}');
  const [errors, setErrors] = useState<Record<string, FieldErrorCode>>({});
  /** A server refusal naming a field: its own text (the service's English). */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [starting, setStarting] = useState(false);
  // Refused up front (402 insufficient_tokens, 409 credential_missing): no run exists; say why and where to fix it.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Starting a run needs platform-api: offline the form stays, its Start disabled (the runs page says why).
  const online = useOnline();

  const set = (key: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let input: Record<string, unknown>;
    if (fields) {
      const parsed = parseRunForm(fields, values);
      if (!parsed.ok) {
        setErrors(parsed.errors);
        return;
      }
      input = parsed.input;
    } else {
      const parsed = parseJsonInput(json);
      if (!parsed.ok) {
        setErrors({ $json: 'json' });
        return;
      }
      input = parsed.input;
    }
    setErrors({});
    setServerErrors({});
    setRefusal(null);
    setStarting(true);
    try {
      const { runId } = await client.start(workflow.id, { input });
      onStarted(runId);
    } catch (error) {
      const field = error instanceof ApiError ? inputFieldOf(error.message) : null;
      const refused = refusalOfError(error);
      if (refused) {
        setRefusal(refused);
      } else if (field && fields?.some((f) => f.key === field)) {
        setServerErrors({ [field]: (error as Error).message });
      } else {
        toast({ title: t(`${F}startFailed`), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      }
    } finally {
      setStarting(false);
    }
  };

  const errorOf = (key: string) => serverErrors[key] ?? (errors[key] ? t(`${F}errors.${errors[key]}`) : null);

  return (
    <form className="form run-form" data-testid="run-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-title`}>{t(`${F}title`, { name: workflow.name })}</h2>
      {problems.length > 0 && (
        <div className="form-alert" role="alert" data-testid="run-form-problems">
          <p>{t(`${F}problems`)}</p>
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      {fields === null ? (
        <div className="form-field">
          <label htmlFor={`${id}-json`}>{t(`${F}jsonLabel`)}</label>
          <p className="field-hint" id={`${id}-json-hint`}>
            {t(`${F}jsonHint`)}
          </p>
          <textarea
            id={`${id}-json`}
            className="json-field"
            rows={6}
            spellCheck={false}
            value={json}
            aria-invalid={errors.$json ? true : undefined}
            aria-describedby={errors.$json ? `${id}-json-error` : `${id}-json-hint`}
            onChange={(event) => {
              setJson(event.target.value);
              setErrors({});
            }}
          />
          {errors.$json && (
            <p className="field-error" id={`${id}-json-error`} role="alert">
              {t(`${F}errors.json`)}
            </p>
          )}
        </div>
      ) : fields.length === 0 ? (
        <p className="muted">{t(`${F}noFields`)}</p>
      ) : (
        <>
          <p className="muted">{t(`${F}intro`)}</p>
          {fields.map((field) => {
            const fieldId = `${id}-${field.key}`;
            const error = errorOf(field.key);
            const described = error ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId}-error` } : {};
            const value = values[field.key];
            return (
              <div className="form-field run-form-field" key={field.key} data-field={field.key}>
                {field.type === 'boolean' ? (
                  <label className="run-form-check">
                    <input id={fieldId} type="checkbox" checked={value === true} onChange={(event) => set(field.key, event.target.checked)} {...described} />
                    {field.label}
                  </label>
                ) : (
                  <>
                    <label htmlFor={fieldId}>
                      {field.label}
                      {field.required && (
                        <span className="run-required">
                          {' '}
                          <span aria-hidden="true">*</span>
                          <span className="visually-hidden"> ({t(`${F}required`)})</span>
                        </span>
                      )}
                    </label>
                    {field.type === 'text' ? (
                      <textarea id={fieldId} rows={4} value={String(value ?? '')} required={field.required} onChange={(event) => set(field.key, event.target.value)} {...described} />
                    ) : (
                      <input
                        id={fieldId}
                        type="text"
                        inputMode={field.type === 'number' ? 'decimal' : undefined}
                        value={String(value ?? '')}
                        required={field.required}
                        onChange={(event) => set(field.key, event.target.value)}
                        {...described}
                      />
                    )}
                  </>
                )}
                {error && (
                  <p className="field-error" id={`${fieldId}-error`} role="alert">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </>
      )}
      {refusal && <RefusalNote refusal={refusal} announce testId="run-refusal" />}
      <div className="form-actions">
        <button type="submit" className="button button-primary" data-testid="run-submit" disabled={starting || !online}>
          {t(starting ? `${F}starting` : `${F}submit`)}
        </button>
        {onClose && (
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t(`${F}close`)}
          </button>
        )}
        <TokenBalance />
      </div>
    </form>
  );
}
