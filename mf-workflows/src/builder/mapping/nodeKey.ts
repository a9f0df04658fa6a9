// Whether a new key may be given to a node, as the reason the UI translates:
// the domain's nodeKeyProblem (format, reserved words, taken), and a blank key.
import { nodeKeyProblem, type Workflow } from '@agentflow/shared/workflow';

export type NodeKeyIssue = 'required' | 'format' | 'taken' | 'reserved';

export function nodeKeyIssueOf(workflow: Pick<Workflow, 'nodes'>, nodeId: string, key: string): NodeKeyIssue | null {
  if (key.trim() === '') return 'required';
  const problem = nodeKeyProblem(workflow, nodeId, key);
  return problem === 'invalid-format' ? 'format' : problem;
}
