// Pure: a run laid over the workflow it ran (the run's snapshot: the nodes
// where the builder placed them): each node's status, duration and tokens,
// which edges the run took (a condition's branch, a step that ran after its
// source) and which it did not. The run graph and the builder's last-run
// overlay both read it.
import { edgeCarriesOn, type RunStep, type StepStatus, type WorkflowEdge, type WorkflowNode, type WorkflowRun } from '@agentflow/shared/workflow';
import { durationMs } from '../runTime';

/** A node's status on the graph: a step's, or 'pinned' when its pinned data stood in for it (Run from here). */
export type GraphStatus = StepStatus | 'pinned';

export interface RunGraphNode {
  id: string;
  name: string;
  type: WorkflowNode['type'];
  position: WorkflowNode['position'];
  /** An app step or trigger: its connector and action ids (the card shows the app's badge). */
  app?: { connector: string; action: string };
  status: GraphStatus;
  /** The step that ran for this node (a delegated agent: its latest call); null when the run has none. */
  step: RunStep | null;
  durationMs: number | null;
  tokens: number;
}

/** taken: the run went along it; notTaken: its source finished and the run did not; open: not decided yet. */
export type EdgeState = 'taken' | 'notTaken' | 'open';

export interface RunGraphEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle: string | null;
  state: EdgeState;
}

/** A step recorded with its node's pinned data instead of running it (platform-api's Run from here). */
export const isPinnedStep = (step: RunStep): boolean => (step as RunStep & { pinned?: unknown }).pinned === true;

export function graphStatusOf(step: RunStep | null): GraphStatus {
  if (!step) return 'pending';
  if (isPinnedStep(step)) return 'pinned';
  return step.status;
}

/** Per node id, the step that shows it: its own top-level step, else the latest delegated call to it. */
export function stepsByNode(steps: readonly RunStep[]): Map<string, RunStep> {
  const byNode = new Map<string, RunStep>();
  for (const step of steps) {
    const current = byNode.get(step.nodeId);
    if (step.parentStepId === null || !current || current.parentStepId !== null) byNode.set(step.nodeId, step);
  }
  return byNode;
}

const FINISHED: readonly StepStatus[] = ['succeeded', 'failed', 'skipped', 'canceled'];

function edgeState(edge: WorkflowEdge, source: RunStep | undefined, target: RunStep | undefined): EdgeState {
  if (!source || !FINISHED.includes(source.status)) return 'open';
  // As the engine decides: a handled failure goes on along its error branch ('branch') or its other edges ('continue').
  if (!edgeCarriesOn(edge, source)) return 'notTaken';
  // A branch other than the one the step took (a loop's too).
  if (edge.sourceHandle && source.branch != null && edge.sourceHandle !== source.branch) return 'notTaken';
  if (target?.status === 'skipped') return 'notTaken';
  return 'taken';
}

function appOf(node: WorkflowNode): RunGraphNode['app'] {
  if (node.type !== 'connector' && node.type !== 'trigger.poll') return undefined;
  const action = node.type === 'connector' ? node.params.operation : node.params.trigger;
  return typeof node.params.connector === 'string' ? { connector: node.params.connector, action: typeof action === 'string' ? action : '' } : undefined;
}

export function runGraph(run: Pick<WorkflowRun, 'snapshot' | 'steps'>, now: number = Date.now()): { nodes: RunGraphNode[]; edges: RunGraphEdge[] } {
  const byNode = stepsByNode(run.steps);
  const nodes = (run.snapshot?.nodes ?? []).map((node): RunGraphNode => {
    const step = byNode.get(node.id) ?? null;
    return {
      id: node.id,
      name: node.name,
      type: node.type,
      position: node.position,
      ...(appOf(node) ? { app: appOf(node) } : {}),
      status: graphStatusOf(step),
      step,
      durationMs: step && !isPinnedStep(step) ? durationMs(step.startedAt, step.endedAt, now) : null,
      tokens: step?.tokens ?? 0,
    };
  });
  const edges = (run.snapshot?.edges ?? []).map(
    (edge): RunGraphEdge => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      state: edgeState(edge, byNode.get(edge.source), byNode.get(edge.target)),
    }),
  );
  return { nodes, edges };
}

/** The step to show first: the one that failed, else waits, else runs; none once all went well. */
export function stepToShowFirst(nodes: readonly RunGraphNode[]): string | null {
  for (const status of ['failed', 'waiting', 'running'] as const) {
    const found = nodes.find((node) => node.status === status);
    if (found) return found.id;
  }
  return null;
}

/** Icons beside the status text (never colour alone). */
export const STATUS_ICONS: Record<GraphStatus, string> = {
  succeeded: '✓',
  failed: '✕',
  running: '◔',
  waiting: '⏸',
  skipped: '⤼',
  pinned: '📌',
  pending: '○',
  canceled: '⊘',
};
