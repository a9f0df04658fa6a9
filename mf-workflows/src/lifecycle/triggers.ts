// The triggers a new workflow can start with, in the picker's order, with the
// key of their texts (workflows.lifecycle.create.triggers.<key>).
import type { TriggerNodeType } from '@agentflow/shared/workflow';

export const TRIGGER_CHOICES: ReadonlyArray<{ type: TriggerNodeType; key: 'manual' | 'webhook' | 'schedule' | 'poll' | 'error' }> = [
  { type: 'trigger.manual', key: 'manual' },
  { type: 'trigger.webhook', key: 'webhook' },
  { type: 'trigger.schedule', key: 'schedule' },
  { type: 'trigger.poll', key: 'poll' },
  // An error workflow: started with the details of another workflow's failed run (shared errorTrigger.ts).
  { type: 'trigger.error', key: 'error' },
];
