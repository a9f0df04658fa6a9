// What a template does, for its preview: its steps in run order, the apps it
// uses and the inputs its manual trigger asks for. Pure.
import { connectorOf, topologicalOrder, type ConnectorDeclaration, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';

export interface TemplateInput {
  key: string;
  label: string;
  required: boolean;
}

export interface TemplateSummary {
  steps: WorkflowNode[];
  apps: ConnectorDeclaration[];
  inputs: TemplateInput[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function templateSummary(template: Pick<Workflow, 'nodes' | 'edges'>): TemplateSummary {
  let steps: WorkflowNode[];
  try {
    steps = topologicalOrder(template.nodes, template.edges);
  } catch {
    steps = [...template.nodes];
  }
  const apps = new Map<string, ConnectorDeclaration>();
  const inputs: TemplateInput[] = [];
  for (const node of steps) {
    const params = isRecord(node.params) ? node.params : {};
    if (node.type === 'connector' || node.type === 'trigger.poll') {
      const connector = connectorOf(params.connector);
      if (connector) apps.set(connector.id, connector);
    }
    if (node.type === 'trigger.manual' && Array.isArray(params.inputSchema)) {
      for (const field of params.inputSchema) {
        if (!isRecord(field) || typeof field.key !== 'string') continue;
        inputs.push({ key: field.key, label: typeof field.label === 'string' && field.label ? field.label : field.key, required: field.required === true });
      }
    }
  }
  return { steps, apps: [...apps.values()], inputs };
}
