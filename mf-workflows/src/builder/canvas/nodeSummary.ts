// A node's one-line summary for its card and the phone's step list: what it is
// set up to do, read from its params without parsing them (no schemas on the
// builder's first paint). Long texts are cut; the full value is in the config panel.
import { connectorOf, type WorkflowNode } from '@agentflow/shared/workflow';
import { operationLabel, triggerLabel, type Translate } from '../../connectors/connectorTexts';

const C = 'workflows.canvas.summary.';
export const SUMMARY_MAX = 60;

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
/** One line, at most `max` characters (an ellipsis when cut). */
export function oneLine(text: string, max = SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    // A templated address ("{{ input.url }}"): shown as written.
    return url;
  }
}

export function nodeSummary(t: Translate, node: WorkflowNode): string {
  const p = node.params;
  switch (node.type) {
    case 'agent': {
      const model = str(p.model) || t(`${C}defaultModel`);
      const prompt = str(p.promptTemplate);
      return oneLine(prompt ? `${model} · ${prompt}` : model);
    }
    case 'http':
      return oneLine(`${str(p.method) || 'GET'} ${hostOf(str(p.url))}`);
    case 'condition':
      return oneLine(str(p.expression)) || t(`${C}notSet`);
    case 'transform':
      return oneLine(str(p.mapping)) || t(`${C}notSet`);
    case 'output':
      return str(p.mapping) ? oneLine(str(p.mapping)) : t(`${C}passThrough`);
    case 'trigger.schedule':
      return oneLine([str(p.cron), str(p.timeZone)].filter(Boolean).join(' · ')) || t(`${C}notSet`);
    case 'trigger.webhook':
      return oneLine(`${str(p.method) || 'POST'} /${str(p.path)}`);
    case 'trigger.manual': {
      const fields = Array.isArray(p.inputSchema) ? (p.inputSchema as { key?: unknown; label?: unknown }[]) : [];
      const names = fields.map((f) => str(f.label) || str(f.key)).filter(Boolean);
      return names.length > 0 ? oneLine(t(`${C}inputs`, { list: names.join(', ') })) : t(`${C}noInputs`);
    }
    case 'approval': {
      const approvers = Array.isArray(p.approvers) ? p.approvers.filter((a): a is string => typeof a === 'string') : [];
      return approvers.length > 0 ? oneLine(t(`${C}approvers`, { list: approvers.join(', ') })) : t(`${C}notSet`);
    }
    case 'connector': {
      const connector = connectorOf(str(p.connector));
      return connector ? oneLine(`${connector.name} · ${operationLabel(t, connector, str(p.operation))}`) : t(`${C}notSet`);
    }
    case 'loop':
      return oneLine(str(p.items)) || t(`${C}notSet`);
    case 'trigger.poll': {
      const connector = connectorOf(str(p.connector));
      if (!connector) return t(`${C}notSet`);
      const every = typeof p.intervalMinutes === 'number' ? ` · ${t(`${C}every`, { minutes: p.intervalMinutes })}` : '';
      return oneLine(`${connector.name} · ${triggerLabel(t, connector, str(p.trigger))}${every}`);
    }
    case 'code': {
      // The first line that says something (not blank, not only a comment opener).
      const first = str(p.code).split('\n').map((line) => line.trim()).find((line) => line !== '' && !/^(\/\/|\/\*+|\*\/?)$/.test(line));
      return first ? oneLine(first) : t(`${C}notSet`);
    }
    case 'wait': {
      if (p.mode === 'until') return str(p.at) ? oneLine(t(`${C}waitUntil`, { at: [str(p.at), str(p.timeZone)].filter(Boolean).join(' ') })) : t(`${C}notSet`);
      const unit = { seconds: 'waitSeconds', minutes: 'waitMinutes', hours: 'waitHours', days: 'waitDays' }[str(p.unit)];
      return typeof p.amount === 'number' && unit ? t(`${C}${unit}`, { amount: p.amount }) : t(`${C}notSet`);
    }
    case 'trigger.error':
      return t(`${C}errorTrigger`);
    case 'trigger.chat':
      return t(`${C}chatTrigger`);
    case 'subworkflow':
      return str(p.workflowId) ? oneLine(t(`${C}subworkflow`, { id: str(p.workflowId) })) : t(`${C}notSet`);
    case 'knowledge':
      return str(p.knowledgeBaseId) ? oneLine(t(`${C}knowledge`, { query: str(p.query) })) : t(`${C}notSet`);
  }
}
