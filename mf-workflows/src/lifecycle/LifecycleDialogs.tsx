// The lifecycle's dialogs (loaded on first use, never with the catalogue's
// first view): a new workflow with its trigger, a template's preview, rename,
// and the confirmation before deleting for good.
import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '@agentflow/shared';
import { ConfirmDialog, Dialog, DialogActions } from '@agentflow/shared/dialog';
import { WORKFLOW_LIMITS, type TriggerNodeType, type Workflow } from '@agentflow/shared/workflow';
import { AppBadge } from '../connectors/AppBadge';
// The app badges' look (a few rules), with the dialogs' chunk only.
import '../connectors/connectors.css';
import { StepIcon } from './StepIcon';
import { templateSummary } from './templateSummary';
import { TRIGGER_CHOICES } from './triggers';

const L = 'workflows.lifecycle.';

export { ConfirmDialog };

export function NewWorkflowDialog({
  busy,
  error,
  onCreate,
  onClose,
}: {
  busy: boolean;
  error: string | null;
  onCreate: (name: string, trigger: TriggerNodeType) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const ids = useId();
  const [name, setName] = useState(() => t(`${L}create.defaultName`));
  const [trigger, setTrigger] = useState<TriggerNodeType>('trigger.manual');
  const [nameError, setNameError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(true);
      return;
    }
    onCreate(name.trim(), trigger);
  };
  return (
    <Dialog title={t(`${L}create.title`)} onClose={onClose} testId="new-workflow-dialog">
      <form className="lifecycle-form" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor={`${ids}-name`}>{t(`${L}create.nameLabel`)}</label>
          <input
            id={`${ids}-name`}
            data-autofocus
            value={name}
            maxLength={WORKFLOW_LIMITS.maxNameLength}
            aria-invalid={nameError || undefined}
            aria-describedby={nameError ? `${ids}-name-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(false);
            }}
            onFocus={(event) => event.target.select()}
          />
          {nameError ? (
            <p className="field-error" id={`${ids}-name-error`}>
              {t(`${L}create.nameRequired`)}
            </p>
          ) : null}
        </div>
        <fieldset className="trigger-choices">
          <legend>{t(`${L}create.triggerLegend`)}</legend>
          {TRIGGER_CHOICES.map((choice) => (
            <label key={choice.type} className="trigger-choice" data-testid={`trigger-choice-${choice.key}`}>
              <input type="radio" name={`${ids}-trigger`} value={choice.type} checked={trigger === choice.type} onChange={() => setTrigger(choice.type)} />
              <StepIcon type={choice.type} />
              <span className="trigger-choice-text">
                <span className="trigger-choice-title">{t(`${L}create.triggers.${choice.key}.title`)}</span>
                <span className="trigger-choice-description">{t(`${L}create.triggers.${choice.key}.description`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogActions
          error={error}
          cancelLabel={t(`${L}create.cancel`)}
          onCancel={onClose}
          submitLabel={t(`${L}create.create`)}
          busyLabel={t(`${L}create.creating`)}
          busy={busy}
          submitTestId="create-workflow"
        />
      </form>
    </Dialog>
  );
}

export function TemplatePreviewDialog({
  template,
  busy,
  disabled,
  onUse,
  onClose,
}: {
  template: Workflow;
  busy: boolean;
  disabled: boolean;
  onUse: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { steps, apps, inputs } = templateSummary(template);
  return (
    <Dialog title={t(`${L}preview.title`, { name: template.name })} description={template.description ? <p>{template.description}</p> : undefined} onClose={onClose} testId="template-preview">
      <section className="preview-section">
        <h3>{t(`${L}preview.steps`)}</h3>
        <ol className="preview-steps" data-testid="preview-steps">
          {steps.map((step) => (
            <li key={step.id}>
              <StepIcon type={step.type} />
              <span>{step.name}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="preview-section">
        <h3>{t(`${L}preview.apps`)}</h3>
        {apps.length === 0 ? (
          <p className="muted">{t(`${L}preview.noApps`)}</p>
        ) : (
          <ul className="preview-apps" data-testid="preview-apps">
            {apps.map((app) => (
              <li key={app.id}>
                <AppBadge connector={app} size="small" />
                <span>{app.name}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="preview-section">
        <h3>{t(`${L}preview.inputs`)}</h3>
        {inputs.length === 0 ? (
          <p className="muted">{t(`${L}preview.noInputs`)}</p>
        ) : (
          <ul className="preview-inputs" data-testid="preview-inputs">
            {inputs.map((input) => (
              <li key={input.key}>
                {input.label}
                {input.required ? <span className="muted"> ({t(`${L}preview.required`)})</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t(`${L}preview.close`)}
        </button>
        <button type="button" className="button button-primary" data-autofocus disabled={busy || disabled} aria-busy={busy || undefined} onClick={onUse} data-testid="use-template">
          {busy ? t(`${L}preview.copying`) : t(`${L}preview.use`)}
        </button>
      </div>
    </Dialog>
  );
}

export function RenameDialog({
  workflow,
  busy,
  error,
  onRename,
  onClose,
}: {
  workflow: Workflow;
  busy: boolean;
  error: string | null;
  onRename: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const ids = useId();
  const [name, setName] = useState(workflow.name);
  const blank = name.trim() === '';
  return (
    <Dialog title={t(`${L}rename.title`)} onClose={onClose} testId="rename-dialog">
      <form
        className="lifecycle-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) onRename(name.trim());
        }}
      >
        <div className="form-field">
          <label htmlFor={`${ids}-name`}>{t(`${L}rename.label`)}</label>
          <input id={`${ids}-name`} data-autofocus value={name} maxLength={WORKFLOW_LIMITS.maxNameLength} onChange={(event) => setName(event.target.value)} onFocus={(event) => event.target.select()} />
        </div>
        <DialogActions error={error} cancelLabel={t(`${L}rename.cancel`)} onCancel={onClose} submitLabel={t(`${L}rename.save`)} busy={busy} disabled={blank} />
      </form>
    </Dialog>
  );
}
