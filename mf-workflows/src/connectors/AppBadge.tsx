// An app's badge: its brand colour and glyph (no brand artwork is shipped).
import type { ConnectorDeclaration } from '@agentflow/shared/workflow';

export function AppBadge({ connector, size = 'normal' }: { connector: Pick<ConnectorDeclaration, 'icon' | 'name'>; size?: 'normal' | 'small' }) {
  return (
    <span className={`app-badge app-badge--${size}`} style={{ backgroundColor: connector.icon.color }} aria-hidden="true" data-testid="app-badge">
      {connector.icon.glyph}
    </span>
  );
}
