// A failed step's error, as the reader should read it: the service's stable
// code translated when the UI knows it (a credential of another workspace, a
// Knowledge step's refusal, an MCP tool call's failure, no AI provider), else the engine's message as recorded. One home for the run
// view's step cards and the run graph's side panel.
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { KNOWLEDGE_STEP_ERROR_CODES, RUN_MESSAGES, type RunStep } from '@agentflow/shared/workflow';
import { MCP_ERROR_CODES } from '@agentflow/shared/mcp';
import { CREDENTIALS_CATALOGS } from '../credentials/i18n';
import { MCP_SERVERS_CATALOGS } from '../mcpServers/i18n';

/** Step error codes the credentials catalog words (workflows.credentials.codes.<code>). */
const CREDENTIAL_CODES: ReadonlySet<string> = new Set(['credential_not_in_workspace', 'credential_not_found', 'credential_unreadable', 'credential_wrong_kind']);

/** A Knowledge step's (and search_knowledge's) codes, worded by the runs catalog (workflows.runs.knowledgeErrors.<code>). */
const KNOWLEDGE_CODES: ReadonlySet<string> = new Set(Object.values(KNOWLEDGE_STEP_ERROR_CODES));

/**
 * An agent's MCP tool call's codes, worded by the MCP servers catalog (workflows.mcpServers.codes.<code>). Not
 * mcp_tool_failed: the tool's own error message says more than any words of ours.
 */
const MCP_CODES: ReadonlySet<string> = new Set([MCP_ERROR_CODES.unreachable, MCP_ERROR_CODES.authFailed, MCP_ERROR_CODES.protocolError, MCP_ERROR_CODES.blockedAddress, MCP_ERROR_CODES.toolUnknown, MCP_ERROR_CODES.serverNotInWorkspace]);

type Translate = (key: string) => string;

/** The words for a failed step's error; null when the step has none. */
export function stepErrorText(t: Translate, step: Pick<RunStep, 'error' | 'errorCode'>): string | null {
  if (!step.error) return null;
  if (step.errorCode && CREDENTIAL_CODES.has(step.errorCode)) return t(`workflows.credentials.codes.${step.errorCode}`);
  if (step.errorCode && KNOWLEDGE_CODES.has(step.errorCode)) return t(`workflows.runs.knowledgeErrors.${step.errorCode}`);
  if (step.errorCode && MCP_CODES.has(step.errorCode)) return t(`workflows.mcpServers.codes.${step.errorCode}`);
  if (step.error === RUN_MESSAGES.noProvider) return t('workflows.runs.ai.noProvider');
  return step.error;
}

/** "Error: <words>" under a step, announced. `label` is the catalog key of "Error" in the caller's texts. */
export function StepError({ step, label, className = '' }: { step: Pick<RunStep, 'error' | 'errorCode'>; label: string; className?: string }) {
  useRemoteCatalogs(CREDENTIALS_CATALOGS);
  useRemoteCatalogs(MCP_SERVERS_CATALOGS);
  const { t } = useI18n();
  const text = stepErrorText(t, step);
  if (text === null) return null;
  return (
    <p className={`field-error ${className}`.trim()} role="alert" data-error-code={step.errorCode ?? undefined}>
      {t(label)}: {text}
    </p>
  );
}
