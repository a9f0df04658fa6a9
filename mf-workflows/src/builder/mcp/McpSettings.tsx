// The workflow's MCP setting (Workflow.mcp), in the builder's workflow
// settings: offered to MCP clients as a tool of its workspace's endpoint, with
// an optional tool name and description. Only a workflow with a manual
// trigger can be offered (its input fields are the tool's input): without
// one the switch stays off, and saying why; one already on can be turned off.
import { useId } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { MCP_LIMITS, MCP_TOOL_NAME_PATTERN, defaultMcpToolName, manualTriggerOf, type Workflow, type WorkflowMcpSettings } from '@agentflow/shared/workflow';
import { MCP_CATALOGS } from './i18n';

const M = 'workflows.mcp.';

export interface McpSettingsProps {
  workflow: Workflow;
  readOnly: boolean;
  onChange: (mcp: WorkflowMcpSettings | null) => void;
}

/** Blank text is no value (the tool falls back to the workflow's name or description). */
const orNull = (value: string): string | null => (value.trim() === '' ? null : value);

export function McpSettings({ workflow, readOnly, onChange }: McpSettingsProps) {
  useRemoteCatalogs(MCP_CATALOGS);
  const { t } = useI18n();
  const id = useId();
  // As stored, even a tool name being typed that is not valid yet (validateWorkflow names it among the problems).
  const settings: WorkflowMcpSettings = workflow.mcp ?? { enabled: false };
  const enabled = settings.enabled;
  const hasManualTrigger = manualTriggerOf(workflow) !== undefined;
  const toolName = settings.toolName ?? '';
  const nameInvalid = toolName !== '' && !MCP_TOOL_NAME_PATTERN.test(toolName);
  const change = (patch: Partial<WorkflowMcpSettings>) => {
    const next = { ...settings, ...patch };
    // Nothing set and off: no setting at all.
    onChange(!next.enabled && !next.toolName && !next.description ? null : next);
  };
  return (
    <div className="builder-mcp" data-testid="mcp-settings">
      <label className="builder-mcp-switch" htmlFor={`${id}-mcp`}>
        <input
          id={`${id}-mcp`}
          type="checkbox"
          checked={enabled}
          disabled={readOnly || (!enabled && !hasManualTrigger)}
          aria-describedby={`${id}-mcp-hint`}
          onChange={(e) => change({ enabled: e.target.checked })}
        />{' '}
        {t(`${M}enabled`)}
      </label>
      <small id={`${id}-mcp-hint`} className={hasManualTrigger ? undefined : 'field-error'}>
        {hasManualTrigger ? t(`${M}hint`) : t(`${M}needsManualTrigger`)}
      </small>
      {enabled && (
        <>
          <label htmlFor={`${id}-mcp-name`}>{t(`${M}toolName`)}</label>
          <input
            id={`${id}-mcp-name`}
            value={toolName}
            maxLength={MCP_LIMITS.toolNameMax}
            placeholder={defaultMcpToolName(workflow.name)}
            aria-invalid={nameInvalid || undefined}
            aria-describedby={`${id}-mcp-name-hint`}
            onChange={(e) => change({ toolName: orNull(e.target.value) })}
          />
          <small id={`${id}-mcp-name-hint`} className={nameInvalid ? 'field-error' : undefined}>
            {nameInvalid ? t(`${M}toolNameInvalid`) : t(`${M}toolNameHint`, { name: defaultMcpToolName(workflow.name) })}
          </small>
          <label htmlFor={`${id}-mcp-description`}>{t(`${M}description`)}</label>
          <textarea
            id={`${id}-mcp-description`}
            rows={2}
            maxLength={MCP_LIMITS.descriptionMax}
            value={settings.description ?? ''}
            aria-describedby={`${id}-mcp-description-hint`}
            onChange={(e) => change({ description: orNull(e.target.value) })}
          />
          <small id={`${id}-mcp-description-hint`}>{t(`${M}descriptionHint`)}</small>
        </>
      )}
    </div>
  );
}

/** The catalogue card's badge: shown on a workflow offered as a tool. */
export function McpBadge() {
  useRemoteCatalogs(MCP_CATALOGS);
  const { t } = useI18n();
  return (
    <li className="workflow-badge workflow-badge-mcp" title={t(`${M}badgeTitle`)} data-testid="mcp-badge">
      <span className="visually-hidden">{t(`${M}badgeTitle`)}</span>
      <span aria-hidden="true">{t(`${M}badge`)}</span>
    </li>
  );
}
