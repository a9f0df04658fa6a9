// The manual trigger's input fields as a form instead of JSON: each field's
// label, key, type (short or long text, number, yes/no, file), whether it is
// required, and for a file field which files it accepts (any, images, PDF,
// documents), with its problems under it; add, reorder and remove fields.
import { useId } from 'react';
import { useRemoteCatalogs } from '@agentflow/shared';
import { type WorkflowProblem } from '@agentflow/shared/workflow';
import { ACCEPT_PRESET_KEYS, presetOf, type AcceptPreset } from '../runs/files/fileChecks';
import { useFileTexts } from '../runs/files/fileTexts';
import './inputFields.css';
import { FIELD_TYPE_CHOICES, addField, entriesOf, moveField, removeField, setAccept, updateField, type InputFieldEntry } from './inputFields';
import { problemText } from './problems/problemText';
import { PROBLEMS_CATALOGS } from './problems/i18n';

const I = 'workflows.files.inputFields.';

export interface InputFieldsEditorProps {
  /** The param's path ('inputSchema'), which problem paths start with. */
  path: string;
  value: unknown;
  problems: WorkflowProblem[];
  onChange: (entries: InputFieldEntry[]) => void;
}

export function InputFieldsEditor({ path, value, problems, onChange }: InputFieldsEditorProps) {
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  const { t } = useFileTexts();
  const id = useId();
  const entries = entriesOf(value);
  // Problems of the list itself (too many fields), not of one field.
  const listProblems = problems.filter((p) => p.path === path);
  return (
    <div className="builder-field input-fields" data-testid="input-fields">
      <span className="input-fields-title" id={`${id}-title`}>
        {t(`${I}title`)}
      </span>
      <p className="field-hint">{t(`${I}hint`)}</p>
      {entries.length === 0 && <p className="muted">{t(`${I}empty`)}</p>}
      <ol className="input-fields-list" aria-labelledby={`${id}-title`}>
        {entries.map((entry, index) => (
          <FieldRow
            key={index}
            id={`${id}-${index}`}
            index={index}
            count={entries.length}
            entry={entry}
            problems={problems.filter((p) => p.path === `${path}.${index}` || p.path?.startsWith(`${path}.${index}.`))}
            path={`${path}.${index}`}
            onChange={(next) => onChange(next(entries))}
          />
        ))}
      </ol>
      {listProblems.length > 0 && (
        <div className="field-error" role="alert">
          {listProblems.map((p, i) => (
            <p key={i}>{problemText(t, p)}</p>
          ))}
        </div>
      )}
      <button type="button" className="input-fields-add" onClick={() => onChange(addField(entries, t(`${I}newLabel`)))}>
        + {t(`${I}add`)}
      </button>
    </div>
  );
}

interface FieldRowProps {
  id: string;
  index: number;
  count: number;
  entry: InputFieldEntry;
  problems: WorkflowProblem[];
  path: string;
  onChange: (edit: (entries: InputFieldEntry[]) => InputFieldEntry[]) => void;
}

function FieldRow({ id, index, count, entry, problems, path, onChange }: FieldRowProps) {
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  const { t, typesLabel } = useFileTexts();
  const text = (name: string) => (typeof entry[name] === 'string' ? (entry[name] as string) : '');
  const type = text('type');
  const accept = Array.isArray(entry.accept) ? entry.accept.filter((a): a is string => typeof a === 'string') : [];
  const preset = presetOf(accept);
  const name = text('label') || text('key') || t(`${I}field`, { number: index + 1 });
  const at = (prop: string) => problems.filter((p) => p.path === `${path}.${prop}` || p.path?.startsWith(`${path}.${prop}.`));
  const rest = problems.filter((p) => !['key', 'label', 'type', 'required', 'accept'].some((prop) => at(prop).includes(p)));
  const errorOf = (prop: string) => {
    const found = at(prop);
    return found.length > 0 ? (
      <p className="field-error" id={`${id}-${prop}-error`} role="alert">
        {found.map((p) => problemText(t, p)).join('; ')}
      </p>
    ) : null;
  };
  const invalid = (prop: string) => (at(prop).length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${prop}-error` } : {});

  return (
    <li className="input-field-row" data-testid="input-field" data-key={text('key')}>
      <fieldset>
        <legend>{t(`${I}field`, { number: index + 1 })}</legend>
        <label htmlFor={`${id}-label`}>{t(`${I}label`)}</label>
        <input id={`${id}-label`} value={text('label')} onChange={(e) => onChange((all) => updateField(all, index, { label: e.target.value }))} {...invalid('label')} />
        {errorOf('label')}
        <label htmlFor={`${id}-key`}>{t(`${I}key`)}</label>
        <input
          id={`${id}-key`}
          className="input-field-key"
          value={text('key')}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(e) => onChange((all) => updateField(all, index, { key: e.target.value }))}
          {...invalid('key')}
        />
        {errorOf('key')}
        <div className="input-field-line">
          <span className="input-field-type">
            <label htmlFor={`${id}-type`}>{t(`${I}type`)}</label>
            <select id={`${id}-type`} value={type} onChange={(e) => onChange((all) => updateField(all, index, { type: e.target.value }))} {...invalid('type')}>
              {!(FIELD_TYPE_CHOICES as readonly string[]).includes(type) && <option value={type}>{type || '—'}</option>}
              {FIELD_TYPE_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`${I}types.${choice}`)}
                </option>
              ))}
            </select>
          </span>
          <label className="input-field-required">
            <input type="checkbox" checked={entry.required === true} onChange={(e) => onChange((all) => updateField(all, index, { required: e.target.checked }))} />
            {t(`${I}required`)}
          </label>
        </div>
        {errorOf('type')}
        {type === 'file' && (
          <>
            <label htmlFor={`${id}-accept`}>{t(`${I}accept`)}</label>
            <select id={`${id}-accept`} value={preset ?? 'custom'} onChange={(e) => onChange((all) => setAccept(all, index, e.target.value as AcceptPreset))} {...invalid('accept')}>
              {ACCEPT_PRESET_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t(`workflows.files.accepts.${key}`)}
                </option>
              ))}
              {preset === null && (
                <option value="custom" disabled>
                  {t(`${I}custom`, { types: typesLabel(accept) })}
                </option>
              )}
            </select>
            {errorOf('accept')}
          </>
        )}
        {rest.length > 0 && (
          <div className="field-error" role="alert">
            {rest.map((p, i) => (
              <p key={i}>{problemText(t, p)}</p>
            ))}
          </div>
        )}
        <div className="input-field-actions">
          <button type="button" aria-label={`${t(`${I}moveUp`)}: ${name}`} title={t(`${I}moveUp`)} disabled={index === 0} onClick={() => onChange((all) => moveField(all, index, -1))}>
            ↑
          </button>
          <button type="button" aria-label={`${t(`${I}moveDown`)}: ${name}`} title={t(`${I}moveDown`)} disabled={index === count - 1} onClick={() => onChange((all) => moveField(all, index, 1))}>
            ↓
          </button>
          <button type="button" className="input-field-remove" aria-label={`${t(`${I}remove`)}: ${name}`} onClick={() => onChange((all) => removeField(all, index))}>
            {t(`${I}remove`)}
          </button>
        </div>
      </fieldset>
    </li>
  );
}
