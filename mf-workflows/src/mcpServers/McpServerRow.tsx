// One MCP server in the page's table (a card on phones): its name, address,
// transport, the credential it sends, how many tools it offered when last
// listed and when, the last listing's failure by code, and its actions.
import { useI18n } from '@agentflow/shared';
import type { McpServerView } from '@agentflow/shared/mcp';
import { M, mcpCodeText, transportText } from './mcpTexts';

export interface McpServerRowProps {
  server: McpServerView;
  /** The name of the credential it sends (null: none; undefined: one the reader's list does not hold). */
  credentialName: string | null | undefined;
  canManage: boolean;
  listing: boolean;
  onListTools: () => void;
  onShowTools: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

export function McpServerRow({ server, credentialName, canManage, listing, onListTools, onShowTools, onEdit, onRemove }: McpServerRowProps) {
  const { t, language } = useI18n();
  const column = (key: string) => t(`${M}columns.${key}`);
  const listedAt = server.toolsListedAt ? new Date(server.toolsListedAt).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  return (
    <tr data-testid="mcp-server-row" data-server-id={server.id} data-failed={server.lastError ? true : undefined}>
      <th scope="row" data-label={column('name')}>
        {server.name}
      </th>
      <td data-label={column('url')}>
        <code className="mcp-server-url">{server.url}</code>
      </td>
      <td data-label={column('transport')}>{transportText(t, server.transport)}</td>
      <td data-label={column('auth')}>{server.credentialId === null ? t(`${M}noAuth`) : (credentialName ?? t(`${M}credentialGone`))}</td>
      <td data-label={column('tools')} data-testid="mcp-server-tools">
        <div className="mcp-server-tools">
          {server.tools === null ? (
            <span className="muted">{t(`${M}notListed`)}</span>
          ) : (
            <button type="button" className="link-button" onClick={onShowTools} aria-label={t(`${M}showToolsLabel`, { name: server.name })}>
              {t(`${M}toolCount`, { count: server.tools.length })}
            </button>
          )}
          {server.lastError ? (
            <p className="mcp-server-error" data-testid="mcp-server-error">
              {t(`${M}lastError`, { reason: mcpCodeText(t, server.lastError.code) })}
            </p>
          ) : null}
        </div>
      </td>
      <td className="mcp-server-date" data-label={column('listed')}>
        {listedAt}
      </td>
      <td className="mcp-server-actions" data-label={column('actions')}>
        <div className="mcp-server-buttons">
          <button type="button" className="button" onClick={onListTools} disabled={listing} aria-busy={listing} aria-label={t(`${M}listToolsLabel`, { name: server.name })}>
            {listing ? t(`${M}listing`) : t(`${M}listTools`)}
          </button>
          {canManage ? (
            <>
              <button type="button" className="button button-ghost" onClick={onEdit} aria-label={t(`${M}editLabel`, { name: server.name })}>
                {t(`${M}edit`)}
              </button>
              <button type="button" className="button button-ghost mcp-server-remove" onClick={onRemove} aria-label={t(`${M}removeLabel`, { name: server.name })}>
                {t(`${M}remove`)}
              </button>
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
