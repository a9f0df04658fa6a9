// /workflows/mcp-servers: the current workspace's MCP servers (issue 24) — a
// table on desktops that becomes one card per server on phones — with Add,
// Edit, List tools (platform-api connects and stores what the server offers)
// and Delete. Changing servers needs manage_credentials in the workspace (the
// service refuses the others): a member without it reads why instead.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeader, PERMISSIONS, useI18n, useToast, useWorkspace } from '@agentflow/shared';
import { WORKSPACE_ROLE_PERMISSIONS } from '@agentflow/shared/workspaces';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { DataTable } from '@agentflow/shared/ui';
import type { McpServerView } from '@agentflow/shared/mcp';
import { useCredentialList } from '../credentials/credentialList';
import { useMcpServersClient } from './mcpServersClient';
import { forgetMcpServers } from './mcpServerList';
import { M, mcpCodeText, mcpErrorText } from './mcpTexts';
import { McpServerForm } from './McpServerForm';
import { McpServerRow } from './McpServerRow';
import { McpToolsDialog } from './McpToolsDialog';

export const mcpServersQueryKey = (workspace: string) => ['mcpServers', workspace] as const;

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; server: McpServerView };

export function McpServersPage({ workspace }: { workspace: string }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useMcpServersClient();
  const queryClient = useQueryClient();
  const { organizationId, current } = useWorkspace();
  // As the credentials page decides it: one's own workspace always; an organization's by the role (unknown until it has loaded).
  const canManage = organizationId === null || (current !== null && WORKSPACE_ROLE_PERMISSIONS[current.roleId].includes(PERMISSIONS.manageCredentials));
  const servers = useQuery({ queryKey: mcpServersQueryKey(workspace), queryFn: () => client.list(workspace) });
  const credentials = useCredentialList();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [showing, setShowing] = useState<McpServerView | null>(null);
  const [listing, setListing] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<McpServerView | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const put = (server: McpServerView) => {
    // The builder's pickers read the servers apart (no React Query there): they ask again.
    forgetMcpServers(client);
    queryClient.setQueryData<McpServerView[]>(mcpServersQueryKey(workspace), (list = []) =>
      list.some((each) => each.id === server.id) ? list.map((each) => (each.id === server.id ? server : each)) : [...list, server],
    );
  };

  const credentialName = (server: McpServerView) => {
    if (server.credentialId === null) return null;
    return credentials.status === 'ready' ? credentials.credentials.find((each) => each.id === server.credentialId)?.name : undefined;
  };

  const saved = (server: McpServerView) => {
    setEditing({ kind: 'none' });
    put(server);
    toast({ title: t(`${M}form.saved`), variant: 'success' });
  };

  const listTools = async (server: McpServerView) => {
    setListing((now) => new Set(now).add(server.id));
    try {
      const next = await client.listTools(server.id);
      put(next);
      // A failed listing is stored on the server (lastError) and shown on its row; a success opens what it found.
      if (next.lastError) toast({ title: mcpCodeText(t, next.lastError.code), variant: 'destructive' });
      else setShowing(next);
    } catch (error) {
      toast({ title: mcpErrorText(t, error), variant: 'destructive' });
      // The refusal may have been stored on the server: read the list again.
      void queryClient.invalidateQueries({ queryKey: mcpServersQueryKey(workspace) });
    } finally {
      setListing((now) => {
        const next = new Set(now);
        next.delete(server.id);
        return next;
      });
    }
  };

  const remove = async (server: McpServerView) => {
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await client.remove(server.id);
      forgetMcpServers(client);
      queryClient.setQueryData<McpServerView[]>(mcpServersQueryKey(workspace), (list) => (list ?? []).filter((each) => each.id !== server.id));
      setRemoving(null);
      toast({ title: t(`${M}removed`), variant: 'success' });
    } catch (error) {
      setRemoveError(mcpErrorText(t, error));
    } finally {
      setRemoveBusy(false);
    }
  };

  const addButton = canManage ? (
    <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'add' })} data-testid="mcp-server-add">
      {t(`${M}add`)}
    </button>
  ) : null;
  const columnKeys = ['name', 'url', 'transport', 'auth', 'tools', 'listed', 'actions'] as const;

  return (
    <section className="mcp-servers" data-testid="mcp-servers-page">
      <PageHeader title={t(`${M}title`)} subtitle={t(`${M}intro`)} actions={addButton} />
      {canManage ? null : (
        <p className="mcp-servers-read-only card" data-testid="mcp-servers-read-only">
          {t(`${M}readOnly`)}
        </p>
      )}
      {servers.isPending ? (
        <p role="status">{t(`${M}loading`)}</p>
      ) : servers.isError ? (
        <p className="form-alert" role="alert">
          {mcpErrorText(t, servers.error)}
        </p>
      ) : servers.data.length === 0 ? (
        <div className="mcp-servers-empty card" data-testid="mcp-servers-empty">
          <p>{t(`${M}empty`)}</p>
          {canManage ? <p>{t(`${M}emptyNext`)}</p> : null}
        </div>
      ) : (
        <DataTable className="mcp-servers-table" testId="mcp-servers-table" caption={t(`${M}listLabel`)} hideCaption columns={columnKeys.map((key) => t(`${M}columns.${key}`))}>
          {servers.data.map((server) => (
            <McpServerRow
              key={server.id}
              server={server}
              credentialName={credentialName(server)}
              canManage={canManage}
              listing={listing.has(server.id)}
              onListTools={() => void listTools(server)}
              onShowTools={() => setShowing(server)}
              onEdit={() => setEditing({ kind: 'edit', server })}
              onRemove={() => {
                setRemoveError(null);
                setRemoving(server);
              }}
            />
          ))}
        </DataTable>
      )}
      {editing.kind === 'none' ? null : <McpServerForm workspace={workspace} server={editing.kind === 'edit' ? editing.server : undefined} onSaved={saved} onClose={() => setEditing({ kind: 'none' })} />}
      {showing ? <McpToolsDialog server={showing} onClose={() => setShowing(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t(`${M}removeTitle`, { name: removing.name })}
          description={<p>{t(`${M}removeText`)}</p>}
          confirmLabel={t(`${M}remove`)}
          cancelLabel={t(`${M}cancel`)}
          busy={removeBusy}
          error={removeError}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
