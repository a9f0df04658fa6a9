// The workflow's error workflow (Workflow.errorWorkflowId), in the builder's
// workflow settings: one of the user's workflows (their own and their
// organizations'), started by platform-api with a failed run's details.
import { useId } from 'react';
import { useAuth, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import { runnableWorkflows, useRunnableWorkflows } from '../../api/useRunnableWorkflows';
import { NODE_SETTINGS_CATALOGS } from './i18n';
import { errorWorkflowGroups, startsAtErrorTrigger } from '../errorTrigger/errorWorkflowGroups';
import { ERROR_TRIGGER_CATALOGS } from '../errorTrigger/i18n';

const S = 'workflows.nodeSettings.';

type Choice = { id: string; name: string };

/** Workflows that may be chosen: those the user may run, not this one; by name. */
export function errorWorkflowChoices(workflows: readonly Workflow[], selfId: string): Choice[] {
  return runnableWorkflows(workflows, selfId).map(({ id, name }) => ({ id, name }));
}

export interface ErrorWorkflowPickerProps {
  workflow: Workflow;
  readOnly: boolean;
  onChange: (errorWorkflowId: string | null) => void;
}

export default function ErrorWorkflowPicker({ workflow, readOnly, onChange }: ErrorWorkflowPickerProps) {
  useRemoteCatalogs(NODE_SETTINGS_CATALOGS);
  useRemoteCatalogs(ERROR_TRIGGER_CATALOGS);
  const { t } = useI18n();
  const { user } = useAuth();
  const id = useId();
  const uid = user?.uid ?? null;
  const load = useRunnableWorkflows(workflow.id);

  const chosen = workflow.errorWorkflowId ?? '';
  const choices = load.state === 'ready' ? load.workflows.map(({ id: choiceId, name }) => ({ id: choiceId, name })) : [];
  // Workflows made to report failures (an error trigger) are offered first, in a group of their own.
  const groups = errorWorkflowGroups(load.state === 'ready' ? load.workflows : []);
  const grouped = groups.withTrigger.length > 0 && groups.others.length > 0;
  const option = (choice: { id: string; name: string }) => (
    <option key={choice.id} value={choice.id}>
      {choice.name}
    </option>
  );
  const chosenWorkflow = load.state === 'ready' ? load.workflows.find((candidate) => candidate.id === chosen) : undefined;
  return (
    <div className="builder-error-workflow" data-testid="error-workflow-picker">
      <label htmlFor={`${id}-error-workflow`}>{t(`${S}errorWorkflow`)}</label>
      <select
        id={`${id}-error-workflow`}
        value={chosen}
        disabled={readOnly || load.state !== 'ready'}
        aria-describedby={`${id}-error-workflow-hint`}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">{t(`${S}errorWorkflowNone`)}</option>
        {/* A chosen workflow not in the list (deleted, or not loaded yet) stays shown by its id. */}
        {chosen && !choices.some((choice) => choice.id === chosen) && <option value={chosen}>{chosen}</option>}
        {grouped ? (
          <>
            <optgroup label={t('workflows.errorTrigger.pickerWithTrigger')}>{groups.withTrigger.map(option)}</optgroup>
            <optgroup label={t('workflows.errorTrigger.pickerOthers')}>{groups.others.map(option)}</optgroup>
          </>
        ) : (
          [...groups.withTrigger, ...groups.others].map(option)
        )}
      </select>
      <small id={`${id}-error-workflow-hint`}>{t(`${S}errorWorkflowHint`)}</small>
      {chosenWorkflow && !startsAtErrorTrigger(chosenWorkflow) && <small className="muted">{t('workflows.errorTrigger.pickerNoTrigger')}</small>}
      {load.state === 'loading' && uid && (
        <small className="muted" role="status">
          {t(`${S}errorWorkflowLoading`)}
        </small>
      )}
      {load.state === 'failed' && (
        <small className="field-error" role="alert">
          {t(`${S}errorWorkflowFailed`)}
        </small>
      )}
    </div>
  );
}
