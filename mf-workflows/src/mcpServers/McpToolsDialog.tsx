// The tools a server offered when it was last listed: each name (what the
// agent calls) with its description, in a dialog.
import { useI18n } from '@agentflow/shared';
import { Dialog } from '@agentflow/shared/dialog';
import type { McpServerView } from '@agentflow/shared/mcp';
import { M } from './mcpTexts';

export function McpToolsDialog({ server, onClose }: { server: McpServerView; onClose: () => void }) {
  const { t, language } = useI18n();
  const tools = server.tools ?? [];
  const when = server.toolsListedAt ? new Date(server.toolsListedAt).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  return (
    <Dialog title={t(`${M}toolsTitle`, { name: server.name })} description={when ? <p>{t(`${M}toolsIntro`, { when })}</p> : undefined} onClose={onClose} testId="mcp-tools-dialog">
      {tools.length === 0 ? (
        <p className="muted">{t(`${M}noTools`)}</p>
      ) : (
        <ul className="mcp-tools-list" data-testid="mcp-tools-list">
          {tools.map((tool) => (
            <li key={tool.name} data-testid="mcp-tool">
              <code>{tool.name}</code>
              <p>{tool.description?.trim() ? tool.description : t(`${M}noDescription`)}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t(`${M}close`)}
        </button>
      </div>
    </Dialog>
  );
}
