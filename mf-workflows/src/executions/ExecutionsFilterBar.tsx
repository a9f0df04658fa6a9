// The executions page's filters: workflow, status, trigger and a date range,
// each change written to the URL at once (the page reads them from there).
import { useId } from 'react';
import { useI18n } from '@agentflow/shared';
import { RUN_STATUSES, RUN_TRIGGER_TYPES, type RunStatus, type RunTriggerType } from '@agentflow/shared/workflow';
import { hasFilters, lastDayOf, toAfter, type PageFilters } from './executionsFilters';
import type { WorkflowOption } from './useWorkspaceWorkflows';

const F = 'workflows.executions.filters.';

export interface ExecutionsFilterBarProps {
  filters: PageFilters;
  workflows: readonly WorkflowOption[];
  onChange: (filters: PageFilters) => void;
}

export function ExecutionsFilterBar({ filters, workflows, onChange }: ExecutionsFilterBarProps) {
  const { t } = useI18n();
  const id = useId();
  const set = (patch: Partial<PageFilters>) => {
    const next: PageFilters = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof PageFilters)[]) if (!next[key]) delete next[key];
    onChange(next);
  };
  // A filtered workflow the list does not hold (moved, deleted, not loaded yet) still shows as chosen.
  const options = filters.workflowId && !workflows.some((workflow) => workflow.id === filters.workflowId) ? [...workflows, { id: filters.workflowId, name: filters.workflowId }] : workflows;
  return (
    <form className="executions-filters" aria-label={t(`${F}label`)} onSubmit={(event) => event.preventDefault()}>
      <div className="executions-filter">
        <label htmlFor={`${id}-workflow`}>{t(`${F}workflow`)}</label>
        <select id={`${id}-workflow`} value={filters.workflowId ?? ''} onChange={(event) => set({ workflowId: event.target.value || undefined })}>
          <option value="">{t(`${F}allWorkflows`)}</option>
          {options.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.name}
            </option>
          ))}
        </select>
      </div>
      <div className="executions-filter">
        <label htmlFor={`${id}-status`}>{t(`${F}status`)}</label>
        <select id={`${id}-status`} value={filters.status ?? ''} onChange={(event) => set({ status: (event.target.value || undefined) as RunStatus | undefined })}>
          <option value="">{t(`${F}allStatuses`)}</option>
          {RUN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`workflows.runs.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="executions-filter">
        <label htmlFor={`${id}-trigger`}>{t(`${F}trigger`)}</label>
        <select id={`${id}-trigger`} value={filters.trigger ?? ''} onChange={(event) => set({ trigger: (event.target.value || undefined) as RunTriggerType | undefined })}>
          <option value="">{t(`${F}allTriggers`)}</option>
          {RUN_TRIGGER_TYPES.map((trigger) => (
            <option key={trigger} value={trigger}>
              {t(`workflows.runs.triggers.${trigger}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="executions-filter">
        <label htmlFor={`${id}-from`}>{t(`${F}from`)}</label>
        <input id={`${id}-from`} type="date" value={filters.from ?? ''} max={lastDayOf(filters.to) || undefined} onChange={(event) => set({ from: event.target.value || undefined })} />
      </div>
      <div className="executions-filter">
        <label htmlFor={`${id}-to`}>{t(`${F}to`)}</label>
        <input id={`${id}-to`} type="date" value={lastDayOf(filters.to)} min={filters.from} onChange={(event) => set({ to: toAfter(event.target.value) })} />
      </div>
      {hasFilters(filters) && (
        <button type="button" className="button button--secondary executions-clear" onClick={() => onChange({})}>
          {t(`${F}clear`)}
        </button>
      )}
    </form>
  );
}
