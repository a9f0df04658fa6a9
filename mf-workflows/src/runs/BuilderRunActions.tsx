// The builder toolbar's Run (opens the run form) and Runs (the history) links.
// Templates cannot run, so a template's builder shows neither. Run first
// waits for the builder's save (beforeRun): a run executes the stored
// version, so navigating while an edit is unsaved would run the previous one.
import { useId, useState, type MouseEvent } from 'react';
import { Link, NeedsConnectionNote, useI18n, useNavigate, useOnline, useRemoteCatalogs } from '@agentflow/shared';
import { RUNS_CATALOGS } from './i18n';

const RUN_FORM = 'runs?run=1';

export interface BuilderRunActionsProps {
  template: boolean;
  /** Saves pending edits; resolves false when the save failed (the builder then stays open). */
  beforeRun?: () => Promise<boolean>;
}

export function BuilderRunActions({ template, beforeRun }: BuilderRunActionsProps) {
  useRemoteCatalogs(RUNS_CATALOGS);
  const { t } = useI18n();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const online = useOnline();
  const whyId = useId();
  if (template) return null;

  const run = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!beforeRun) return;
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFailed(false);
    let saved = false;
    try {
      saved = await beforeRun();
    } catch {
      saved = false;
    }
    setSaving(false);
    if (saved) void navigate(RUN_FORM);
    else setFailed(true);
  };

  return (
    <>
      {online ? (
        <Link
          to={RUN_FORM}
          className="button button-primary builder-run"
          data-testid="builder-run"
          aria-disabled={saving || undefined}
          aria-busy={saving || undefined}
          onClick={(event) => void run(event)}
        >
          {t(saving ? 'workflows.runs.actions.saving' : 'workflows.runs.actions.run')}
        </Link>
      ) : (
        // A run happens on the server: offline the button stays, disabled, with the reason.
        <button type="button" className="button button-primary builder-run" data-testid="builder-run" disabled aria-describedby={whyId}>
          {t('workflows.runs.actions.run')}
        </button>
      )}
      <Link to="runs" className="button builder-runs" data-testid="builder-runs">
        {t('workflows.runs.actions.runs')}
      </Link>
      {online ? null : <NeedsConnectionNote id={whyId} testId="builder-run-offline" className="builder-run-offline" />}
      {failed && (
        <span className="field-error builder-run-error" role="alert" data-testid="builder-run-error">
          {t('workflows.runs.actions.saveFailed')}
        </span>
      )}
    </>
  );
}
