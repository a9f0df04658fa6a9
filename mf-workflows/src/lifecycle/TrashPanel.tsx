// The Trash tab: the user's trashed workflows, when each is deleted for good
// (TRASH_RETENTION_DAYS after it was trashed), Restore and Delete forever.
import { useI18n } from '@agentflow/shared';
import { TRASH_RETENTION_DAYS, type Workflow } from '@agentflow/shared/workflow';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a trashed workflow is purged; null when the time is unknown (not yet stamped). */
export function purgeDateOf(workflow: Pick<Workflow, 'deletedAt'>): Date | null {
  const trashed = workflow.deletedAt ? Date.parse(workflow.deletedAt) : NaN;
  return Number.isNaN(trashed) ? null : new Date(trashed + TRASH_RETENTION_DAYS * DAY_MS);
}

export function TrashPanel({
  workflows,
  busyId,
  disabled,
  onRestore,
  onDelete,
}: {
  workflows: readonly Workflow[];
  busyId: string | null;
  disabled: boolean;
  onRestore: (workflow: Workflow) => void;
  onDelete: (workflow: Workflow) => void;
}) {
  const { t, language } = useI18n();
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  return (
    <div className="trash-panel" data-testid="trash-panel">
      <p className="muted">{t('workflows.lifecycle.trash.hint', { days: TRASH_RETENTION_DAYS })}</p>
      {workflows.length === 0 ? (
        <p className="catalogue-empty-title" data-testid="trash-empty">
          {t('workflows.lifecycle.trash.empty')}
        </p>
      ) : (
        <ul className="trash-list">
          {workflows.map((workflow) => {
            const purge = purgeDateOf(workflow);
            const titleId = `trash-${workflow.id}-title`;
            return (
              <li key={workflow.id} className="card trash-item" data-testid="trash-item" data-workflow-id={workflow.id} aria-labelledby={titleId}>
                <div className="trash-item-text">
                  <h2 id={titleId} className="workflow-card-title">
                    {workflow.name}
                  </h2>
                  {purge ? <p className="muted">{t('workflows.lifecycle.trash.deletesOn', { date: format.format(purge) })}</p> : null}
                </div>
                <div className="trash-item-actions">
                  <button type="button" className="button" aria-describedby={titleId} disabled={disabled || busyId === workflow.id} onClick={() => onRestore(workflow)}>
                    {t('workflows.lifecycle.trash.restore')}
                  </button>
                  <button type="button" className="button button-danger" aria-describedby={titleId} disabled={disabled || busyId === workflow.id} onClick={() => onDelete(workflow)}>
                    {t('workflows.lifecycle.trash.deleteForever')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
