// /workflows/mcp-servers: a lazily loaded chunk (WorkflowsApp). Needs a signed-in
// user; shows the current workspace's MCP servers.
import { RequireAuth, useRemoteCatalogs, useWorkspace } from '@agentflow/shared';
import { MCP_SERVERS_CATALOGS } from './i18n';
import { McpServersPage } from './McpServersPage';
import '@agentflow/shared/styles/kit.css';
import './mcpServers.css';

function CurrentWorkspaceMcpServers() {
  useRemoteCatalogs(MCP_SERVERS_CATALOGS);
  const { currentId } = useWorkspace();
  // A new workspace is a new page: an open form or tools dialog never carries over.
  return <McpServersPage key={currentId} workspace={currentId} />;
}

export function McpServersRoute() {
  return (
    <RequireAuth>
      <CurrentWorkspaceMcpServers />
    </RequireAuth>
  );
}
