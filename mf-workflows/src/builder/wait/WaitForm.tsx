// The wait step's form: a duration (amount and unit) or a date-time (typed,
// or a field inserted with the picker) with its time zone. Switching the mode
// replaces the params with that mode's own (the schema refuses the other
// mode's fields), keeping what was typed for each mode while the form is open.
import { useId, useRef } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { WAIT_MODES, WAIT_UNITS, type WaitMode, type WorkflowNode, type WorkflowProblem } from '@agentflow/shared/workflow';
import { MappedInput } from '../mapping/MappedInput';
import { problemLine } from '../editors/ParamField';
import { FLOW_STEPS_CATALOGS } from '../subworkflow/i18n';
import { PROBLEMS_CATALOGS } from '../problems/i18n';
import '../subworkflow/flowSteps.css';

const W = 'workflows.flow.wait.';

export interface WaitFormProps {
  node: WorkflowNode;
  problems: readonly WorkflowProblem[];
  onParams: (params: Record<string, unknown>) => void;
}

const DEFAULTS: Record<WaitMode, Record<string, unknown>> = {
  duration: { mode: 'duration', amount: 5, unit: 'minutes' },
  until: { mode: 'until', at: '' },
};

export default function WaitForm({ node, problems, onParams }: WaitFormProps) {
  useRemoteCatalogs(FLOW_STEPS_CATALOGS);
  useRemoteCatalogs(PROBLEMS_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  const params = node.params;
  const mode: WaitMode = params.mode === 'until' ? 'until' : 'duration';
  // What each mode held, so switching back and forth loses nothing.
  const kept = useRef<Partial<Record<WaitMode, Record<string, unknown>>>>({});
  const switchTo = (next: WaitMode) => {
    if (next === mode) return;
    kept.current[mode] = params;
    onParams(kept.current[next] ?? DEFAULTS[next]);
  };
  const set = (key: string, value: unknown) => {
    const nextParams: Record<string, unknown> = { ...params, [key]: value };
    if (value === undefined) delete nextParams[key];
    onParams(nextParams);
  };
  const errorsAt = (path: string) => problems.filter((p) => p.path === path).map((p) => problemLine(p, path, t));
  const errorList = (path: string) => {
    const lines = errorsAt(path);
    return lines.length > 0 ? (
      <p className="field-error" role="alert" id={`${id}-${path}-error`}>
        {lines.join(' ')}
      </p>
    ) : null;
  };
  const invalid = (path: string) => (errorsAt(path).length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${path}-error` } : {});

  return (
    <div className="flow-step-form" data-testid="wait-form">
      <fieldset className="flow-step-modes">
        <legend>{t(`${W}mode`)}</legend>
        {WAIT_MODES.map((option) => (
          <label key={option}>
            <input type="radio" name={`${id}-mode`} value={option} checked={mode === option} onChange={() => switchTo(option)} /> {t(`${W}modes.${option}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'duration' ? (
        <>
          <label htmlFor={`${id}-amount`}>{t(`${W}amount`)}</label>
          <input
            id={`${id}-amount`}
            type="number"
            min={1}
            inputMode="decimal"
            value={typeof params.amount === 'number' ? params.amount : ''}
            onChange={(e) => set('amount', e.target.value === '' ? undefined : Number(e.target.value))}
            {...invalid('amount')}
          />
          {errorList('amount')}
          <label htmlFor={`${id}-unit`}>{t(`${W}unit`)}</label>
          <select id={`${id}-unit`} value={typeof params.unit === 'string' ? params.unit : 'minutes'} onChange={(e) => set('unit', e.target.value)}>
            {WAIT_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`${W}units.${unit}`)}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-at`}>{t(`${W}at`)}</label>
          <MappedInput
            mode="template"
            value={typeof params.at === 'string' ? params.at : ''}
            onChange={(value) => set('at', value)}
            common={{ id: `${id}-at`, placeholder: '2026-12-01T09:00', title: t(`${W}atHint`), ...invalid('at') }}
          />
          <p className="field-hint">{t(`${W}atHint`)}</p>
          {errorList('at')}
          <label htmlFor={`${id}-zone`}>{t(`${W}timeZone`)}</label>
          <input
            id={`${id}-zone`}
            value={typeof params.timeZone === 'string' ? params.timeZone : ''}
            placeholder="Europe/Paris"
            onChange={(e) => set('timeZone', e.target.value.trim() === '' ? undefined : e.target.value)}
            {...invalid('timeZone')}
          />
          <p className="field-hint">{t(`${W}timeZoneHint`)}</p>
          {errorList('timeZone')}
        </>
      )}
      <p className="field-hint">{t(`${W}note`)}</p>
    </div>
  );
}
