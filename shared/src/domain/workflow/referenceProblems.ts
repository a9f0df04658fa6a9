// The references of a node's expressions checked against what its step input
// will hold (platform-api runs/execution.ts inputFor): `trigger` and `input`
// (the run input) and the outputs of the nodes upstream of it (for a
// delegate agent, of its delegators too). A reference to
// anything else reads nothing at run time, so it is a problem: the builder
// marks it on the node and the runs API refuses to start the workflow. Pure.
import type { NodeType, WorkflowEdge, WorkflowProblem } from './model.js';
import { expressionParamsOf } from './expressionParams.js';
import { inputSourcesOf, isTrigger } from './graph.js';
import { missingField, nodeOutput, type NodeOutput } from './outputs.js';
import { STEP_INPUT_ROOTS, referenceFor, referencesOf } from './references.js';
import { LOOP_ITEM_ROOTS, enclosingLoopOf } from './loop.js';
import { onErrorOf, type NodeSettings } from './nodeSettings.js';
import { isRecord } from './fields.js';

/** A node as far as the reference check needs it. */
export interface ReferencingNode {
  id: string;
  type: NodeType;
  params: unknown;
  /** As stored: validation passes raw settings (their shape is checked by nodeSettingsSchema.ts). */
  settings?: unknown;
}

/** A node whose failures are handled ('continue' / 'branch') hands on `{ error, input }` when it fails: both read something then. */
const readsHandledFailure = (source: ReferencingNode, path: readonly string[]): boolean =>
  onErrorOf({ settings: isRecord(source.settings) ? (source.settings as NodeSettings) : undefined }) !== 'stop' && (path[0] === 'error' || path[0] === 'input');

/**
 * The reference problems of node `nodeId` (invalid-expression at the param's
 * path): 'unknown-reference' (no such node), 'not-upstream' (the node does
 * not run before this one) and 'unknown-field' (the node's output schema is
 * closed and has no such field). Each reference of a param once.
 */
export function referenceProblems(
  workflow: { nodes: readonly ReferencingNode[]; edges: readonly Pick<WorkflowEdge, 'source' | 'target'>[] },
  nodeId: string,
): WorkflowProblem[] {
  const byId = new Map<string, ReferencingNode>();
  for (const node of workflow.nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  const node = byId.get(nodeId);
  if (!node || isTrigger(node.type)) return [];
  const upstream = new Set(inputSourcesOf(workflow, nodeId));
  // With several triggers the run input is whichever fired: a field is missing only when no trigger upstream has it.
  const triggers = workflow.nodes.filter((n) => isTrigger(n.type) && upstream.has(n.id));
  if (triggers.length === 0) triggers.push(...workflow.nodes.filter((n) => isTrigger(n.type)).slice(0, 1));
  // A loop's body step also reads its item and index (loop.ts).
  const itemRoots: readonly string[] = enclosingLoopOf(workflow, nodeId) === undefined ? [] : LOOP_ITEM_ROOTS;
  const outputs = new Map<string, NodeOutput>();
  const outputOf = (source: ReferencingNode) => {
    let output = outputs.get(source.id);
    if (!output) outputs.set(source.id, (output = nodeOutput(source)));
    return output;
  };

  const problems: WorkflowProblem[] = [];
  for (const param of expressionParamsOf(node)) {
    const found: WorkflowProblem[] = [];
    for (const { root, path } of referencesOf(param.value, param.kind)) {
      const reference = referenceFor(root, path);
      const where = { code: 'invalid-expression', nodeId, path: param.path } as const;
      if (itemRoots.includes(root) && !byId.has(root)) continue;
      const isInputRoot = (STEP_INPUT_ROOTS as readonly string[]).includes(root);
      const source = isInputRoot ? triggers[0] : byId.get(root);
      if (!isInputRoot && !source) {
        found.push({ ...where, message: `"${reference}" refers to "${root}", which is not a node of this workflow`, reason: 'unknown-reference', params: { reference, node: root } });
        continue;
      }
      if (!isInputRoot && !upstream.has(root)) {
        found.push({ ...where, message: `"${reference}" refers to "${root}", which does not run before this step`, reason: 'not-upstream', params: { reference, node: root } });
        continue;
      }
      const missing = !source ? null : isInputRoot ? inputMissing(triggers.map(outputOf), path) : readsHandledFailure(source, path) ? null : missingField(outputOf(source), path);
      if (missing) {
        const read = referenceFor(root, path.slice(0, missing.depth + 1));
        found.push({
          ...where,
          message: `"${read}": the output of "${root}" has no field "${missing.field}"`,
          reason: 'unknown-field',
          params: { reference: read, node: root, field: missing.field },
        });
      }
    }
    // A reference written twice in one param is said once.
    const said = new Set<string>();
    for (const problem of found) {
      const key = `${problem.reason}:${problem.params?.reference}`;
      if (!said.has(key)) problems.push(problem);
      said.add(key);
    }
  }
  return problems;
}

/** The field of the run input no trigger's output has (the first trigger's answer), or null when one has it. */
function inputMissing(outputs: readonly NodeOutput[], path: Parameters<typeof missingField>[1]): ReturnType<typeof missingField> {
  let first: ReturnType<typeof missingField> = null;
  for (const [i, output] of outputs.entries()) {
    const missing = missingField(output, path);
    if (!missing) return null;
    if (i === 0) first = missing;
  }
  return first;
}
