// Where the config panel puts the wait and sub-workflow steps' own forms,
// each loaded when such a step is first opened (not on the builder's first
// paint). They show their params' problems beside their fields.
import { Suspense, lazy } from 'react';
import type { Workflow, WorkflowNode, WorkflowProblem } from '@agentflow/shared/workflow';

const WaitForm = lazy(() => import('../wait/WaitForm'));
const SubworkflowForm = lazy(() => import('./SubworkflowForm'));

/** Whether the node's problems are shown by its own form (not in the panel's list of the others). */
export const hasFlowStepForm = (node: WorkflowNode): boolean => node.type === 'wait' || node.type === 'subworkflow';

export function FlowStepForm({ workflow, node, problems, onParams }: { workflow: Workflow; node: WorkflowNode; problems: readonly WorkflowProblem[]; onParams: (params: Record<string, unknown>) => void }) {
  if (!hasFlowStepForm(node)) return null;
  return (
    <Suspense fallback={null}>
      {node.type === 'wait' ? <WaitForm node={node} problems={problems} onParams={onParams} /> : <SubworkflowForm workflowId={workflow.id} node={node} problems={problems} onParams={onParams} />}
    </Suspense>
  );
}
