// The webhook trigger's panel in the node form, as a chunk of its own: the
// builder's first view carries neither it nor the hook address panel.
import { Suspense, lazy } from 'react';
import type { WebhookTriggerPanelProps } from './WebhookTriggerPanel';

const WebhookTriggerPanel = lazy(() => import('./WebhookTriggerPanel'));

/** The params the panel edits; their problems show in it, not in the form's list. */
export const WEBHOOK_PANEL_PATHS: readonly string[] = ['respond', 'respondWith', 'timeoutMs'];

export function WebhookTriggerSection(props: WebhookTriggerPanelProps) {
  return (
    <Suspense fallback={null}>
      <WebhookTriggerPanel key={props.node.id} {...props} />
    </Suspense>
  );
}
