// The Run form: one field per entry of the manual trigger's input schema
// (text, long text, number, yes/no, file), required ones marked, validated with zod
// before anything is sent. Picked files are checked against the plan's size and
// the field's types at once, uploaded together on Start (POST /api/files, each
// under its field's key), and their FileRefs go in the input; a refused file
// is explained under its field in the user's words, a full storage links to the
// plans. A 400 that names an input field lands next to that
// field, a refusal with a code (no tokens left, a missing AI credential)
// explains itself with a link to the plans or the credentials page, any other
// refusal in a toast. The tokens left show beside Start. A workflow without a
// manual trigger (webhook, schedule) takes its input as a JSON object.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError, Link, fileErrorMessage, isStorageFull, refusedField, useI18n, useOnline, useRemoteCatalogs, useToast } from '@agentflow/shared';
import type { Workflow, WorkflowProblem } from '@agentflow/shared/workflow';
import { inputFieldOf, type RunsClient } from '../api/runs';
import { initialValues, parseJsonInput, parseRunForm, runFormFields, type FieldErrorCode, type FormField, type FormValues } from './runModel';
import { PLANS_PAGE, refusalOfError, type Refusal } from '../api/refusals';
import { checkFile, formFieldOf } from './files/fileChecks';
import { FilePicker } from './files/FilePicker';
import { isFileRefusal, uploadUseless } from './files/fileRefusals';
import { FT, useFileTexts } from './files/fileTexts';
import { usePlanFileLimit } from './files/usePlanFileLimit';
import { useStagedUploads } from './files/useStagedUploads';
import { RefusalNote } from '../components/RefusalNote';
import { TokenBalance } from '../components/TokenBalance';
import { PROBLEMS_CATALOGS } from '../builder/problems/i18n';
import { problemText } from '../builder/problems/problemText';
import { ERROR_TRIGGER_CATALOGS } from '../builder/errorTrigger/i18n';
import { startsOnlyAtErrorTrigger } from '../builder/errorTrigger/errorWorkflowGroups';

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
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  useRemoteCatalogs(ERROR_TRIGGER_CATALOGS);
  const { t, language } = useI18n();
  const { toast } = useToast();
  const id = useId();
  const fields = useMemo(() => runFormFields(workflow), [workflow]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields ?? []));
  const [json, setJson] = useState('{}');
  const [errors, setErrors] = useState<Record<string, FieldErrorCode>>({});
  /** A server refusal naming a field: its own text (the service's English). */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  /** Files picked per file field, and why one cannot go (checked at once, before any upload). */
  const [files, setFiles] = useState<Record<string, File>>({});
  const [fileProblems, setFileProblems] = useState<Record<string, string>>({});
  /** The field (or '$form') whose message is a full storage: it links to the plans. */
  const [storageFullAt, setStorageFullAt] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'starting'>('idle');
  const starting = phase !== 'idle';
  const fileTexts = useFileTexts();
  const maxBytes = usePlanFileLimit();
  const uploads = useStagedUploads(client.files);
  // Refused up front (402 insufficient_tokens, 409 credential_missing): no run exists; say why and where to fix it.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Starting a run needs platform-api: offline the form stays, its Start disabled (the runs page says why).
  const online = useOnline();

  const set = (key: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const pick = (field: FormField, file: File | null) => {
    const previous = files[field.key];
    if (previous && previous !== file) uploads.forget(previous);
    setFiles(({ [field.key]: _gone, ...rest }) => (file ? { ...rest, [field.key]: file } : rest));
    setErrors(({ [field.key]: _gone, ...rest }) => rest);
    setServerErrors(({ [field.key]: _gone, ...rest }) => rest);
    if (storageFullAt === field.key) setStorageFullAt(null);
    const problem = file ? checkFile(file, { accept: field.accept ?? [], maxBytes }) : null;
    setFileProblems(({ [field.key]: _gone, ...rest }) => (problem ? { ...rest, [field.key]: fileTexts.problem(problem, field.accept ?? []) } : rest));
  };

  /** A refused start or upload: under the field it names, else as a refusal note or a toast. */
  const refused = (error: unknown) => {
    const named = formFieldOf(refusedField(error)) ?? (error instanceof ApiError ? inputFieldOf(error.message) : null);
    const field = named ? fields?.find((f) => f.key === named) : undefined;
    if (isFileRefusal(error)) {
      // This upload will not do (a wrong type, used or expired): the next Start uploads the file again.
      const file = field ? files[field.key] : undefined;
      if (file && !isStorageFull(error)) uploads.forget(file, uploadUseless(error));
      if (isStorageFull(error)) setStorageFullAt(field ? field.key : '$form');
      if (field) setServerErrors({ [field.key]: fileErrorMessage(t, error, language) });
      else if (isStorageFull(error)) setServerErrors({ $form: fileErrorMessage(t, error, language) });
      else toast({ title: t(`${F}startFailed`), description: fileErrorMessage(t, error, language), variant: 'destructive' });
      return;
    }
    const refusal = refusalOfError(error);
    if (refusal) setRefusal(refusal);
    else if (field) setServerErrors({ [field.key]: (error as Error).message });
    else toast({ title: t(`${F}startFailed`), description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let input: Record<string, unknown>;
    if (fields) {
      const parsed = parseRunForm(fields, values, new Set(Object.keys(files)));
      if (!parsed.ok) {
        setErrors(parsed.errors);
        return;
      }
      // A picked file already refused (too large, wrong type) stays on screen until it is replaced.
      if (Object.keys(fileProblems).length > 0) return;
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
    setStorageFullAt(null);
    setRefusal(null);
    try {
      const parts = (fields ?? []).flatMap((field) => (field.type === 'file' && files[field.key] ? [{ field: field.key, file: files[field.key]! }] : []));
      if (parts.length > 0) {
        setPhase('uploading');
        input = { ...input, ...(await uploads.upload(parts)) };
      }
      setPhase('starting');
      const { runId } = await client.start(workflow.id, { input });
      uploads.taken();
      onStarted(runId);
    } catch (error) {
      refused(error);
    } finally {
      setPhase('idle');
    }
  };

  const errorOf = (key: string) => serverErrors[key] ?? fileProblems[key] ?? (errors[key] ? t(`${F}errors.${errors[key]}`) : null);
  const plansLink = (at: string) =>
    storageFullAt === at ? (
      <>
        {' '}
        <Link to={PLANS_PAGE} data-testid="run-storage-plans">
          {t(`${FT}seePlans`)}
        </Link>
      </>
    ) : null;

  return (
    <form className="form run-form" data-testid="run-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-title`}>{t(`${F}title`, { name: workflow.name })}</h2>
      {problems.length > 0 && (
        <div className="form-alert" role="alert" data-testid="run-form-problems">
          <p>{t(`${F}problems`)}</p>
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>
                {problem.nodeId ? `${workflow.nodes.find((n) => n.id === problem.nodeId)?.name ?? problem.nodeId}: ` : ''}
                {problemText(t, problem)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {fields === null ? (
        <div className="form-field">
          <label htmlFor={`${id}-json`}>{t(`${F}jsonLabel`)}</label>
          <p className="field-hint" id={`${id}-json-hint`}>
            {/* Started only by another workflow's failure: {} runs a test with sample failed-run details (runs router). */}
            {startsOnlyAtErrorTrigger(workflow) ? t('workflows.errorTrigger.runTest') : t(`${F}jsonHint`)}
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
                    {field.type === 'file' ? (
                      <FilePicker
                        id={fieldId}
                        file={files[field.key] ?? null}
                        accept={field.accept ?? []}
                        maxBytes={maxBytes}
                        required={field.required}
                        errorId={error ? `${fieldId}-error` : undefined}
                        disabled={starting}
                        onChange={(file) => pick(field, file)}
                      />
                    ) : field.type === 'text' ? (
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
                    {plansLink(field.key)}
                  </p>
                )}
              </div>
            );
          })}
        </>
      )}
      {refusal && <RefusalNote refusal={refusal} announce testId="run-refusal" />}
      {serverErrors.$form && (
        <p className="form-alert" role="alert" data-testid="run-form-error">
          {serverErrors.$form}
          {plansLink('$form')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" data-testid="run-submit" disabled={starting || !online}>
          {t(phase === 'uploading' ? `${FT}uploading` : starting ? `${F}starting` : `${F}submit`)}
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
