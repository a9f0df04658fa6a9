import { WORKFLOW_LIMITS } from '@agentflow/shared/workflow';
import type { WorkflowFileProblem } from './workflowFile';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What is wrong with an imported file, in the user's language (workflows.lifecycle.import.*). */
export function fileProblemText(t: Translate, problem: WorkflowFileProblem): string {
  switch (problem.reason) {
    case 'invalid-json':
      return t('workflows.lifecycle.import.invalidJson', { message: problem.message });
    case 'too-big':
      return t('workflows.lifecycle.import.tooBig', { nodes: WORKFLOW_LIMITS.maxNodes, edges: WORKFLOW_LIMITS.maxEdges });
    default:
      return t('workflows.lifecycle.import.notWorkflow');
  }
}
