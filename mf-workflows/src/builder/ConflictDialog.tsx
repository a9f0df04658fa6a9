// The choice offered when an edit kept on this device meets a newer version
// on the server: both versions side by side (name, when saved, their steps),
// keep mine (written as the next version; theirs stays in the history) or take
// theirs (mine is dropped). Closing it decides nothing: the edit stays kept,
// and the builder's save status reopens it.
import { Dialog } from '@agentflow/shared/dialog';
import { formatSavedAt, useI18n } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';

const C = 'workflows.builder.conflict.';

export interface ConflictDialogProps {
  mine: Workflow;
  /** When the user's version was last saved on this device. */
  mineSavedAt: string | null;
  theirs: Workflow;
  busy: boolean;
  onKeepMine: () => void;
  onUseTheirs: () => void;
  onLater: () => void;
}

function VersionSummary({ title, meta, workflow, testId }: { title: string; meta: string | null; workflow: Workflow; testId: string }) {
  const { t } = useI18n();
  return (
    <section className="conflict-version" data-testid={testId} aria-label={title}>
      <h3>{title}</h3>
      {meta ? <p className="muted">{meta}</p> : null}
      <p className="conflict-version-name">
        <strong>{workflow.name}</strong>
      </p>
      <p className="muted">{t(`${C}steps`, { count: workflow.nodes.length })}</p>
      <ul className="conflict-version-steps">
        {workflow.nodes.map((node) => (
          <li key={node.id}>{node.name}</li>
        ))}
      </ul>
    </section>
  );
}

export default function ConflictDialog({ mine, mineSavedAt, theirs, busy, onKeepMine, onUseTheirs, onLater }: ConflictDialogProps) {
  const { t, language } = useI18n();
  return (
    <Dialog role="alertdialog" title={t(`${C}title`)} description={<p>{t(`${C}body`)}</p>} onClose={onLater} testId="conflict-dialog">
      <div className="conflict-versions">
        <VersionSummary title={t(`${C}mine`)} meta={mineSavedAt ? t(`${C}mineMeta`, { time: formatSavedAt(mineSavedAt, language) }) : null} workflow={mine} testId="conflict-mine" />
        <VersionSummary
          title={t(`${C}theirs`, { version: theirs.version })}
          meta={theirs.updatedAt ? t(`${C}theirsMeta`, { time: formatSavedAt(theirs.updatedAt, language) }) : null}
          workflow={theirs}
          testId="conflict-theirs"
        />
      </div>
      <div className="dialog-actions conflict-actions">
        <button type="button" className="button button-ghost" onClick={onLater} data-autofocus>
          {t(`${C}later`)}
        </button>
        <button type="button" className="button button-secondary" onClick={onUseTheirs} disabled={busy} data-testid="conflict-use-theirs">
          {t(`${C}useTheirs`)}
        </button>
        <button type="button" className="button button-primary" onClick={onKeepMine} disabled={busy} aria-busy={busy} data-testid="conflict-keep-mine">
          {t(`${C}keepMine`)}
        </button>
      </div>
      <p className="field-hint">{t(`${C}hint`)}</p>
    </Dialog>
  );
}
