// The workflow's agents' MCP tools checked against the workspace's servers'
// listings (the domain's mcpToolProblems): a server that is gone, a tool its
// server no longer lists. Counted with the builder's other problems.
import { useMemo } from 'react';
import { mcpToolProblems } from '@agentflow/shared/mcp';
import type { Workflow, WorkflowProblem } from '@agentflow/shared/workflow';
import { useMcpServerList } from '../../mcpServers/mcpServerList';
import { workspaceIdOf } from '../../sharing/workspaceLabel';

const NONE: WorkflowProblem[] = [];
const usesMcp = (workflow: Pick<Workflow, 'nodes'>) =>
  workflow.nodes.some((node) => node.type === 'agent' && Array.isArray((node.params.tools as { mcp?: unknown } | undefined)?.mcp) && ((node.params.tools as { mcp: unknown[] }).mcp.length > 0));

/** The workflow's agents' MCP tools that the workspace's servers no longer have (asked only when an agent picks one). */
export function useMcpToolProblems(workflow: Pick<Workflow, 'nodes' | 'organizationId'>): WorkflowProblem[] {
  const used = usesMcp(workflow);
  const { load } = useMcpServerList(workspaceIdOf(workflow.organizationId), used);
  return useMemo(() => {
    if (!used || load.state !== 'ready') return NONE;
    const problems = workflow.nodes.filter((node) => node.type === 'agent').flatMap((node) => mcpToolProblems(node, load.servers));
    return problems.length === 0 ? NONE : problems;
  }, [used, load, workflow.nodes]);
}
