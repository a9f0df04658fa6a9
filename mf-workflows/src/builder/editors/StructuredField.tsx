// A JSON-shaped setting (output schema, tools, headers, form fields, input
// fields) with its structured editor and an "Edit as JSON" toggle, both views
// on the same value. Invalid JSON never reaches the node: only parsed values
// are dispatched, so the saved workflow and its Problems stay true; while the
// text is invalid the field says so (and that it is not saved), the form view
// is blocked, and the panel header counts it (onPending).
import { Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { MAPPING_CATALOGS } from '../mapping/i18n';
import { JsonText } from './JsonText';
import { representable, type StructuredKind } from './kinds';
import './editors.css';

const StructuredEditor = lazy(() => import('./StructuredEditors'));
const E = 'workflows.mapping.editors.';

export interface StructuredFieldProps {
  /** The structured editor (or `form`, an editor of the caller's, such as the trigger's input fields). */
  kind: StructuredKind | { form: ReactNode };
  /** The form's title. */
  title: string;
  /** The JSON view's label (the field's existing "(JSON)" label). */
  jsonLabel: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Problems shown under the field (already translated or formatted). */
  errors: ReactNode[];
  /** The JSON text is invalid (true) or fine again (false). */
  onPending: (pending: boolean) => void;
}

export function StructuredField({ kind, title, jsonLabel, value, onChange, errors, onPending }: StructuredFieldProps) {
  useRemoteCatalogs(MAPPING_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const formShows = typeof kind !== 'string' || representable(kind, value);
  const [asJson, setAsJson] = useState(!formShows);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const json = asJson || !formShows;
  const errorId = `${id}-error`;
  const invalid = errors.length > 0 || jsonError !== null;
  const setError = (error: string | null) => {
    setJsonError(error);
    onPending(error !== null);
  };

  return (
    <div className="builder-field structured-field" data-testid="structured-field">
      <div className="structured-head">
        {(json || title) && (
          <span className="structured-title" id={`${id}-title`}>
            {json ? jsonLabel : title}
          </span>
        )}
        <button type="button" className="structured-toggle" aria-pressed={json} disabled={json && (jsonError !== null || !formShows)} onClick={() => setAsJson(!json)}>
          {json ? t(`${E}editAsForm`) : t(`${E}editAsJson`)}
        </button>
      </div>
      {!formShows && <p className="field-hint">{t(`${E}notRepresentable`)}</p>}
      {json ? (
        <JsonText
          common={{ id: `${id}-json`, 'aria-labelledby': `${id}-title`, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId : undefined }}
          value={value}
          onChange={onChange}
          onError={setError}
        />
      ) : typeof kind === 'string' ? (
        <Suspense fallback={<p className="field-hint">{t('workflows.mapping.loading')}</p>}>
          <StructuredEditor kind={kind} label={title} value={value} onChange={onChange} />
        </Suspense>
      ) : (
        kind.form
      )}
      {invalid && (
        <div id={errorId} className="field-error" role="alert">
          {jsonError !== null && (
            <>
              <p>{t(`${E}invalidJson`, { detail: jsonError })}</p>
              <p>{t(`${E}notSaved`)}</p>
              <p>{t(`${E}formBlocked`)}</p>
            </>
          )}
          {errors.map((error, i) => (
            <p key={i}>{error}</p>
          ))}
        </div>
      )}
    </div>
  );
}
