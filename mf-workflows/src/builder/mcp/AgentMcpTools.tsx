// An agent step's MCP tools (issue 24): the servers of the workflow's
// workspace, each with the tools it offered when last listed as checkboxes,
// saved as `tools.mcp: {serverId, tool}[]`. A server whose tools were never
// listed offers "List tools"; a picked tool its server no longer offers (or a
// server that is gone) stays ticked, marked missing, so it can be taken off —
// as the knowledge bases' picker shows a missing base.
import { useState } from 'react';
import { Link, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { MCP_LIMITS, mcpToolProblems, type McpAgentTool, type McpServerView } from '@agentflow/shared/mcp';
import type { Workflow, WorkflowNode } from '@agentflow/shared/workflow';
import { workspaceIdOf } from '../../sharing/workspaceLabel';
import { useMcpServersClient } from '../../mcpServers/mcpServersClient';
import { M, mcpCodeText, mcpErrorText } from '../../mcpServers/mcpTexts';
import { MCP_SERVERS_CATALOGS } from '../../mcpServers/i18n';
import { useMcpServerList } from '../../mcpServers/mcpServerList';
import './agentMcpTools.css';

const P = `${M}picker.`;

type McpPick = McpAgentTool;

/** The picks in an agent's params (anything malformed left out: the JSON view shows it, the workflow check names it). */
export function mcpPicksOf(params: Record<string, unknown>): McpPick[] {
  const tools = params.tools && typeof params.tools === 'object' ? (params.tools as Record<string, unknown>) : {};
  if (!Array.isArray(tools.mcp)) return [];
  return tools.mcp.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const { serverId, tool } = entry as Record<string, unknown>;
    return typeof serverId === 'string' && typeof tool === 'string' ? [{ serverId, tool }] : [];
  });
}

const pickKey = (pick: McpPick) => `${pick.serverId}/${pick.tool}`;

/**
 * The picks the servers' listings no longer have, by the domain's rule (mcpToolProblems): a tool its
 * server stopped listing, or any tool of a server that is gone. Keyed by pickKey.
 */
function missingPicks(node: WorkflowNode, servers: readonly McpServerView[]): Map<string, 'tool' | 'server'> {
  const listed = (node.params.tools as { mcp?: unknown[] } | undefined)?.mcp ?? [];
  const missing = new Map<string, 'tool' | 'server'>();
  for (const problem of mcpToolProblems(node, servers)) {
    const entry = listed[Number(/^tools\.mcp\.(\d+)\./.exec(problem.path ?? '')?.[1])] as McpPick | undefined;
    if (entry) missing.set(pickKey(entry), problem.reason === 'mcp-server-missing' ? 'server' : 'tool');
  }
  return missing;
}

const samePick = (a: McpPick, b: McpPick) => a.serverId === b.serverId && a.tool === b.tool;

export interface AgentMcpToolsProps {
  workflow: Pick<Workflow, 'organizationId'>;
  node: WorkflowNode;
  onParams: (params: Record<string, unknown>) => void;
  readOnly?: boolean;
}

interface ServerToolsProps {
  server: McpServerView;
  picks: McpPick[];
  /** Picks of this server it no longer lists. */
  missing: McpPick[];
  /** The agent offers as many MCP tools as allowed: no more can be ticked. */
  full: boolean;
  onToggle: (pick: McpPick, on: boolean) => void;
  onListed: (server: McpServerView) => void;
  readOnly?: boolean;
}

function ServerTools({ server, picks, missing, full, onToggle, onListed, readOnly }: ServerToolsProps) {
  const { t } = useI18n();
  const client = useMcpServersClient();
  const [listing, setListing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const listTools = async () => {
    setListing(true);
    setFailure(null);
    try {
      onListed(await client.listTools(server.id));
    } catch (error) {
      setFailure(mcpErrorText(t, error));
    } finally {
      setListing(false);
    }
  };
  const offered = server.tools ?? [];
  const problem = failure ?? (server.lastError ? mcpCodeText(t, server.lastError.code) : null);
  return (
    <div className="agent-mcp-server" data-testid="agent-mcp-server" data-server-id={server.id}>
      <strong className="agent-mcp-server-name">{server.name}</strong>
      {server.tools === null ? (
        <p className="field-hint">
          {t(`${P}notListed`)}{' '}
          <button type="button" className="link-button" onClick={() => void listTools()} disabled={readOnly || listing} aria-busy={listing} aria-label={t(`${M}listToolsLabel`, { name: server.name })}>
            {listing ? t(`${M}listing`) : t(`${M}listTools`)}
          </button>
        </p>
      ) : offered.length === 0 ? (
        <p className="field-hint">{t(`${P}noTools`)}</p>
      ) : null}
      {offered.map((tool) => {
        const pick = { serverId: server.id, tool: tool.name };
        const checked = picks.some((each) => samePick(each, pick));
        return (
          <label key={tool.name} className="checkbox-row agent-mcp-tool">
            <input type="checkbox" checked={checked} disabled={readOnly || (full && !checked)} onChange={(e) => onToggle(pick, e.target.checked)} />
            <span>
              <code>{tool.name}</code>
              {tool.description ? <span className="muted"> — {tool.description}</span> : null}
            </span>
          </label>
        );
      })}
      {missing.map((pick) => (
        <label key={pick.tool} className="checkbox-row field-error" data-testid="agent-mcp-missing">
          <input type="checkbox" checked disabled={readOnly} onChange={(e) => onToggle(pick, e.target.checked)} />
          {t(`${P}missingTool`, { tool: pick.tool })}
        </label>
      ))}
      {problem ? (
        <p className="field-error" data-testid="agent-mcp-server-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export function AgentMcpTools({ workflow, node, onParams, readOnly }: AgentMcpToolsProps) {
  useRemoteCatalogs(MCP_SERVERS_CATALOGS);
  const { t } = useI18n();
  const { load, replace } = useMcpServerList(workspaceIdOf(workflow.organizationId));
  const picks = mcpPicksOf(node.params);
  const toggle = (pick: McpPick, on: boolean) => {
    const next = on ? [...picks.filter((each) => !samePick(each, pick)), pick] : picks.filter((each) => !samePick(each, pick));
    const tools = (node.params.tools && typeof node.params.tools === 'object' ? node.params.tools : {}) as Record<string, unknown>;
    const { mcp: _previous, ...rest } = tools;
    onParams({ ...node.params, tools: next.length > 0 ? { ...rest, mcp: next } : rest });
  };
  // Until the servers are known, nothing (a failure says so quietly: the agent form works without them).
  if (load.state === 'loading') return null;
  if (load.state === 'failed')
    return (
      <p className="field-hint" role="status" data-testid="agent-mcp-tools-failed">
        {t(`${P}loadFailed`)}
      </p>
    );
  const missing = missingPicks(node, load.servers);
  const goneServers = picks.filter((pick) => missing.get(pickKey(pick)) === 'server');
  const full = picks.length >= MCP_LIMITS.maxAgentMcpTools;
  const manageLink = <Link to="/workflows/mcp-servers">{t(`${P}manage`)}</Link>;
  if (load.servers.length === 0 && goneServers.length === 0)
    return (
      <p className="field-hint" data-testid="agent-mcp-tools-none">
        {t(`${P}none`)} {t(`${P}where`)} {manageLink}.
      </p>
    );
  return (
    <fieldset className="flow-step-inputs agent-mcp-tools" data-testid="agent-mcp-tools">
      <legend>{t(`${P}title`)}</legend>
      {load.servers.map((server) => (
        <ServerTools
          key={server.id}
          server={server}
          picks={picks}
          missing={picks.filter((pick) => pick.serverId === server.id && missing.get(pickKey(pick)) === 'tool')}
          full={full}
          onToggle={toggle}
          onListed={replace}
          readOnly={readOnly}
        />
      ))}
      {goneServers.map((pick) => (
        <label key={`${pick.serverId}/${pick.tool}`} className="checkbox-row field-error" data-testid="agent-mcp-missing">
          <input type="checkbox" checked disabled={readOnly} onChange={(e) => toggle(pick, e.target.checked)} />
          {t(`${P}missingServer`, { tool: pick.tool })}
        </label>
      ))}
      <p className="field-hint">
        {t(`${P}hint`, { max: MCP_LIMITS.maxAgentMcpTools })} {t(`${P}where`)} {manageLink}.
      </p>
    </fieldset>
  );
}
