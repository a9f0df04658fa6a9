import type { WorkflowNode } from './model.js';
import { acceptsTriggerEvents, firedTriggerOf, isWorkflowActive, manualTriggerOf, needsRunForm, personTriggerOf, triggerNodesOf, triggerNodesOfType } from './triggers.js';

const node = (id: string, type: WorkflowNode['type']): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params: {} });

describe('the on/off switch', () => {
  it('is on when absent (workflows and templates from before the switch) or true, off only when false', () => {
    expect(isWorkflowActive({})).toBe(true);
    expect(isWorkflowActive({ active: true })).toBe(true);
    expect(isWorkflowActive({ active: false })).toBe(false);
  });

  it('accepts trigger events only while on and not in the trash', () => {
    expect(acceptsTriggerEvents({})).toBe(true);
    expect(acceptsTriggerEvents({ active: true, deletedAt: null })).toBe(true);
    expect(acceptsTriggerEvents({ active: false })).toBe(false);
    expect(acceptsTriggerEvents({ deletedAt: '2026-11-20T10:00:00.000Z' })).toBe(false);
    expect(acceptsTriggerEvents({ active: true, deletedAt: '2026-11-20T10:00:00.000Z' })).toBe(false);
  });
});

describe('several triggers', () => {
  const nodes = [node('cron', 'trigger.schedule'), node('a', 'agent'), node('hand', 'trigger.manual'), node('cron2', 'trigger.schedule'), node('hook', 'trigger.webhook')];

  it('lists every trigger, and those of one type, in document order', () => {
    expect(triggerNodesOf({ nodes }).map((n) => n.id)).toEqual(['cron', 'hand', 'cron2', 'hook']);
    expect(triggerNodesOfType(nodes, 'trigger.schedule').map((n) => n.id)).toEqual(['cron', 'cron2']);
    expect(triggerNodesOfType('not nodes', 'trigger.schedule')).toEqual([]);
    expect(triggerNodesOfType([null, 3, node('p', 'trigger.poll')], 'trigger.poll').map((n) => n.id)).toEqual(['p']);
  });

  it('a person starts the manual trigger, or the first trigger when there is none', () => {
    expect(manualTriggerOf({ nodes })?.id).toBe('hand');
    expect(personTriggerOf({ nodes })?.id).toBe('hand');
    expect(personTriggerOf({ nodes: nodes.filter((n) => n.id !== 'hand') })?.id).toBe('cron');
  });

  it('a person’s run needs the form only when the manual trigger asks for a required input', () => {
    const manual = (inputSchema: unknown): WorkflowNode => ({ ...node('hand', 'trigger.manual'), params: { inputSchema } });
    expect(needsRunForm({ nodes: [manual([])] })).toBe(false);
    expect(needsRunForm({ nodes: [manual([{ key: 'note', label: 'Note', type: 'text' }])] })).toBe(false);
    expect(needsRunForm({ nodes: [manual([{ key: 'note', label: 'Note', type: 'text' }, { key: 'lead', label: 'Lead', type: 'text', required: true }])] })).toBe(true);
    expect(needsRunForm({ nodes: [node('hook', 'trigger.webhook')] })).toBe(false);
  });

  it('a run names the trigger that fired; runs from before name none and fired the first', () => {
    expect(firedTriggerOf({ nodes }, { nodeId: 'cron2' })?.id).toBe('cron2');
    expect(firedTriggerOf({ nodes }, {})?.id).toBe('cron');
    expect(firedTriggerOf({ nodes }, { nodeId: null })?.id).toBe('cron');
    // A non-trigger or unknown id names no trigger.
    expect(firedTriggerOf({ nodes }, { nodeId: 'a' })).toBeUndefined();
    expect(firedTriggerOf({ nodes }, { nodeId: 'gone' })).toBeUndefined();
  });
});
