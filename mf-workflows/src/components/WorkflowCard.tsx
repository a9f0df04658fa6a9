import { Link, useI18n } from '@agentflow/shared';
import { isMcpTool, type Workflow } from '@agentflow/shared/workflow';
import type { CatalogueTab } from './catalogueFilters';
import { WorkflowMenu, type WorkflowMenuAction } from '../lifecycle/WorkflowMenu';
import { ActiveSwitch } from '../builder/triggers/ActiveSwitch';
import { McpBadge } from '../builder/mcp/McpSettings';

export interface WorkflowCardProps {
  workflow: Workflow;
  /** Which collection the card is shown in: templates get "Use template", the others "Open". */
  kind: CatalogueTab;
  /** "Use template": opens the template's preview, whose own button copies it. */
  onUseTemplate?: (template: Workflow) => void;
  /** The user's own workflows get the ⋯ menu (rename, duplicate, export, move to trash). */
  onMenuAction?: (workflow: Workflow, action: WorkflowMenuAction) => void;
  /** The menu's actions (default: rename, duplicate, export, move to trash); a workspace role may allow fewer, or sharing. */
  menuActions?: readonly WorkflowMenuAction[];
  /** A line under the step count (a workflow shared with the user: their access). */
  note?: string;
  /** This template is being copied. */
  copying?: boolean;
  /** Another copy is in progress (or the app is offline): the button is disabled. */
  disabled?: boolean;
  /** The id of the text saying why the button is disabled. */
  describedBy?: string;
  /** The user's own workflows get the on/off switch (Workflow.active). */
  onActiveChange?: (workflow: Workflow, active: boolean) => void;
}

/** One workflow in the catalogue: name, description, badges, tags, step count and its action. */
export function WorkflowCard({ workflow, kind, onUseTemplate, onMenuAction, menuActions, note, copying = false, disabled = false, describedBy, onActiveChange }: WorkflowCardProps) {
  const { t } = useI18n();
  const titleId = `workflow-${workflow.id}-title`;
  const category = t(`workflows.catalogue.categories.${workflow.category}`);
  const industry = t(`workflows.catalogue.industries.${workflow.industry}`);
  return (
    <article
      className="card workflow-card"
      data-testid="workflow-card"
      data-workflow-id={workflow.id}
      data-category={workflow.category}
      data-industry={workflow.industry}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="workflow-card-title">
        {workflow.name}
      </h2>
      <ul className="workflow-badges">
        <li className="workflow-badge workflow-badge-category" title={t('workflows.catalogue.card.category', { name: category })}>
          <span className="visually-hidden">{t('workflows.catalogue.card.category', { name: category })}</span>
          <span aria-hidden="true">{category}</span>
        </li>
        <li className="workflow-badge workflow-badge-industry" title={t('workflows.catalogue.card.industry', { name: industry })}>
          <span className="visually-hidden">{t('workflows.catalogue.card.industry', { name: industry })}</span>
          <span aria-hidden="true">{industry}</span>
        </li>
        {kind !== 'templates' && isMcpTool(workflow) ? <McpBadge /> : null}
      </ul>
      {workflow.description ? <p className="workflow-card-description">{workflow.description}</p> : null}
      {workflow.tags.length > 0 ? (
        <ul className="workflow-tags" aria-label={t('workflows.catalogue.card.tags')}>
          {workflow.tags.map((tag) => (
            <li key={tag} className="workflow-tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="workflow-card-meta muted">
        <span data-testid="workflow-node-count">{t('workflows.catalogue.card.steps', { count: workflow.nodes.length })}</span>
        {kind === 'organization' ? <span> · {t('workflows.catalogue.card.shared')}</span> : null}
        {note ? <span data-testid="workflow-card-note"> · {note}</span> : null}
      </p>
      {kind !== 'templates' && onActiveChange ? (
        <ActiveSwitch active={workflow.active !== false} disabled={disabled} describedBy={titleId} onChange={(active) => onActiveChange(workflow, active)} />
      ) : null}
      <div className="workflow-card-actions">
        {kind === 'templates' ? (
          <button
            type="button"
            className="button button-primary"
            // The name starts with the visible text (WCAG 2.5.3); while copying, the visible text is the name.
            aria-label={copying ? undefined : t('workflows.catalogue.card.useTemplateLabel', { name: workflow.name })}
            aria-busy={copying || undefined}
            disabled={disabled || copying}
            aria-describedby={describedBy}
            onClick={() => onUseTemplate?.(workflow)}
          >
            {copying ? t('workflows.catalogue.card.copying') : t('workflows.catalogue.card.useTemplate')}
          </button>
        ) : (
          <>
            <Link className="button button-secondary" to={encodeURIComponent(workflow.id)} aria-label={t('workflows.catalogue.card.openLabel', { name: workflow.name })}>
              {t('workflows.catalogue.card.open')}
            </Link>
            {onMenuAction ? <WorkflowMenu describedBy={titleId} disabled={disabled} actions={menuActions} onAction={(action) => onMenuAction(workflow, action)} /> : null}
          </>
        )}
      </div>
    </article>
  );
}
