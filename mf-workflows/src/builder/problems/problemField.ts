// The field a node's problem is about, by the label the configuration form
// shows for it (the builder's own fields, or an app step's params).
import type { NodeType, WorkflowProblem } from '@agentflow/shared/workflow';
import { NODE_FIELDS, problemAtField } from '../fields';
import { paramLabel } from '../../connectors/connectorTexts';
import type { Translate } from './problemText';

/** The label of the configuration field a node's problem is about (null when the form has no such field). */
export function problemFieldLabel(t: Translate, type: NodeType, problem: WorkflowProblem): string | null {
  // App steps and triggers: their params by the connector texts' labels (params.<key>…).
  const appParam = (type === 'connector' || type === 'trigger.poll') && problem.path?.startsWith('params.') ? problem.path.split('.')[1] : undefined;
  if (appParam) return paramLabel(t, appParam);
  const spec = NODE_FIELDS[type]?.find((field) => problemAtField(problem, field.path));
  return spec ? t(`workflows.builder.fields.${spec.label}`) : null;
}
