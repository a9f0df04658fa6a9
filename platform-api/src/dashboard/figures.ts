// The dashboard's figures, read without loading a period's runs: counts and
// token sums are Firestore aggregation queries (count(), sum()) over indexed
// ranges (workspaceId == …, [status|workflowId ==] …, createdAt in the period),
// one per day and status group, and one per workflow of the workspace; the
// median duration, tokens by model and the failing workflows read a bounded
// sample of the latest runs (DASHBOARD_LIMITS). Each query is served by an
// index declared in firebase/firestore.indexes.json (dashboardQueryShapes).
import { AggregateField, FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import {
  DASHBOARD_LIMITS,
  DEFAULT_MODEL_KEY,
  WORKFLOW_RUNS_COLLECTION,
  median,
  type DashboardDay,
  type DashboardOtherWorkflows,
  type DashboardPeriod,
  type DashboardFailingWorkflow,
  type DashboardModelTokens,
  type DashboardWorkflowTokens,
} from '@agentflow/shared/workflow';

export type Period = DashboardPeriod;

/** Runs of the workspace created in [from, to), newest first (the order keeps every query on the (…, createdAt desc) indexes the executions list uses). */
export function runsIn(db: Firestore, workspaceId: string, from: string, to: string, equal: Record<string, string> = {}): Query {
  let query: Query = db.collection(WORKFLOW_RUNS_COLLECTION).where('workspaceId', '==', workspaceId);
  for (const [field, value] of Object.entries(equal)) query = query.where(field, '==', value);
  return query.where('createdAt', '>=', from).where('createdAt', '<', to).orderBy('createdAt', 'desc');
}

/** At most `limit` promises at a time: hundreds of aggregation queries must not all fly at once. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) results.push(...(await Promise.all(items.slice(start, start + limit).map(work))));
  return results;
}

const CONCURRENCY = 12;

async function countAndTokens(query: Query): Promise<{ runs: number; tokens: number }> {
  const snapshot = await query.aggregate({ runs: AggregateField.count(), tokens: AggregateField.sum('tokensUsed') }).get();
  const data = snapshot.data();
  return { runs: data.runs, tokens: Number(data.tokens) || 0 };
}

async function count(query: Query): Promise<number> {
  return (await query.count().get()).data().count;
}

/** Per day (from its start in the period's zone to the next one's): all runs (and their tokens), then the succeeded, failed and refused ones; the rest is 'other'. */
export async function runsPerDay(db: Firestore, workspaceId: string, period: Period): Promise<DashboardDay[]> {
  return inBatches(period.days.map((day, index) => ({ day, index })), Math.max(1, Math.floor(CONCURRENCY / 4)), async ({ day, index }) => {
    const start = period.starts[index]!;
    const end = period.starts[index + 1] ?? period.to;
    const [all, succeeded, failed, refused] = await Promise.all([
      countAndTokens(runsIn(db, workspaceId, start, end)),
      count(runsIn(db, workspaceId, start, end, { status: 'succeeded' })),
      count(runsIn(db, workspaceId, start, end, { status: 'failed' })),
      count(runsIn(db, workspaceId, start, end, { status: 'refused' })),
    ]);
    return { day, succeeded, failed, refused, other: Math.max(0, all.runs - succeeded - failed - refused), tokens: all.tokens };
  });
}

export interface WorkspaceWorkflow {
  id: string;
  name: string;
}

/** The workspace's workflows (not templates, not in the trash), most recently updated first, at most maxWorkflows. */
export async function workspaceWorkflows(db: Firestore, scope: { organizationId: string | null; payerId: string }): Promise<WorkspaceWorkflow[]> {
  const workflows = db.collection('workflows');
  // Single-field equality queries (no composite index); the personal ones are told apart from the owner's organization ones here.
  const query = scope.organizationId ? workflows.where('organizationId', '==', scope.organizationId) : workflows.where('ownerId', '==', scope.payerId);
  const snapshot = await query.select('name', 'organizationId', 'visibility', 'deletedAt', 'updatedAt').limit(DASHBOARD_LIMITS.maxWorkflows * 3).get();
  return snapshot.docs
    .filter((doc) => doc.get('visibility') !== 'template' && !doc.get('deletedAt') && (scope.organizationId !== null || !doc.get('organizationId')))
    .sort((a, b) => String(b.get('updatedAt') ?? '').localeCompare(String(a.get('updatedAt') ?? '')))
    .slice(0, DASHBOARD_LIMITS.maxWorkflows)
    .map((doc) => ({ id: doc.id, name: typeof doc.get('name') === 'string' ? (doc.get('name') as string) : doc.id }));
}

/** How many workflows of the period's runs that are no longer in the workspace are named (each one more aggregation). */
const MAX_GONE_WORKFLOWS = 20;

/**
 * Tokens and runs of each workflow in the period (one aggregation each), those
 * with runs, most tokens first; then what they leave of the period's totals.
 * Runs of workflows no longer listed (moved to another workspace, deleted,
 * in the trash) are found in the latest runs of the period and counted
 * under the name those runs recorded (the workflow's own name only while it
 * is still in this workspace: a moved one's new name is not this workspace's
 * to show). Whatever the top rows leave out is `otherWorkflows`, so the list
 * adds up to the period's totals.
 */
export async function tokensByWorkflow(
  db: Firestore,
  workspaceId: string,
  period: Period,
  workflows: readonly WorkspaceWorkflow[],
  scope: { organizationId: string | null; payerId: string },
): Promise<{ tokensByWorkflow: DashboardWorkflowTokens[]; otherWorkflows: DashboardOtherWorkflows }> {
  const [total, current] = await Promise.all([
    countAndTokens(runsIn(db, workspaceId, period.from, period.to)),
    inBatches(workflows, CONCURRENCY, async (workflow) => ({
      workflowId: workflow.id,
      workflowName: workflow.name as string | null,
      inWorkspace: true,
      ...(await countAndTokens(runsIn(db, workspaceId, period.from, period.to, { workflowId: workflow.id }))),
    })),
  ]);
  const rows = current.filter((row) => row.runs > 0);
  const listedRuns = rows.reduce((sum, row) => sum + row.runs, 0);
  if (listedRuns < total.runs) rows.push(...(await goneWorkflows(db, workspaceId, period, new Set(workflows.map((workflow) => workflow.id)), scope)));
  rows.sort((a, b) => b.tokens - a.tokens || b.runs - a.runs);
  const shown = rows.slice(0, DASHBOARD_LIMITS.topWorkflows);
  const otherWorkflows = {
    runs: Math.max(0, total.runs - shown.reduce((sum, row) => sum + row.runs, 0)),
    tokens: Math.max(0, total.tokens - shown.reduce((sum, row) => sum + row.tokens, 0)),
  };
  return { tokensByWorkflow: shown, otherWorkflows };
}

/** The workflows of the period's latest runs that are not among `listed`, each counted exactly, named as their latest run recorded. */
async function goneWorkflows(
  db: Firestore,
  workspaceId: string,
  period: Period,
  listed: ReadonlySet<string>,
  scope: { organizationId: string | null; payerId: string },
): Promise<DashboardWorkflowTokens[]> {
  const latest = await runsIn(db, workspaceId, period.from, period.to).select('workflowId', 'workflowName').limit(DASHBOARD_LIMITS.goneWorkflowSample).get();
  const recordedNames = new Map<string, string | null>();
  for (const doc of latest.docs) {
    const workflowId = doc.get('workflowId');
    if (typeof workflowId !== 'string' || !workflowId || listed.has(workflowId) || recordedNames.has(workflowId)) continue;
    if (recordedNames.size >= MAX_GONE_WORKFLOWS) break;
    const name = doc.get('workflowName');
    recordedNames.set(workflowId, typeof name === 'string' && name ? name : null);
  }
  if (recordedNames.size === 0) return [];
  const ids = [...recordedNames.keys()];
  const snapshots = await db.getAll(...ids.map((id) => db.collection('workflows').doc(id)), { fieldMask: ['name', 'ownerId', 'organizationId', 'deletedAt'] });
  return inBatches(ids, CONCURRENCY, async (workflowId) => {
    const doc = snapshots.find((snapshot) => snapshot.id === workflowId);
    const organizationId = doc?.exists ? ((doc.get('organizationId') as string | null | undefined) ?? null) : undefined;
    // Still here but not listed: in the trash, or beyond the most recently updated maxWorkflows.
    const stillHere =
      doc?.exists === true && !doc.get('deletedAt') && (scope.organizationId ? organizationId === scope.organizationId : !organizationId && doc.get('ownerId') === scope.payerId);
    const ownName = stillHere && typeof doc?.get('name') === 'string' ? (doc.get('name') as string) : null;
    return {
      workflowId,
      workflowName: ownName ?? recordedNames.get(workflowId) ?? null,
      inWorkspace: stillHere,
      ...(await countAndTokens(runsIn(db, workspaceId, period.from, period.to, { workflowId }))),
    };
  });
}

const isoOrNull = (value: unknown): string | null => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null);

/** The median duration of the latest finished (succeeded or failed) runs of the period, and how many it saw. */
export async function medianDuration(db: Firestore, workspaceId: string, period: Period): Promise<{ medianDurationMs: number | null; durationSample: number }> {
  const snapshot = await runsIn(db, workspaceId, period.from, period.to).select('status', 'startedAt', 'endedAt').limit(DASHBOARD_LIMITS.durationSample).get();
  const durations: number[] = [];
  for (const doc of snapshot.docs) {
    const status = doc.get('status');
    const startedAt = isoOrNull(doc.get('startedAt'));
    const endedAt = isoOrNull(doc.get('endedAt'));
    if ((status === 'succeeded' || status === 'failed') && startedAt && endedAt) durations.push(Math.max(0, Date.parse(endedAt) - Date.parse(startedAt)));
  }
  return { medianDurationMs: median(durations), durationSample: durations.length };
}

interface SampledStep {
  nodeId?: unknown;
  tokens?: unknown;
}
interface SampledNode {
  id?: unknown;
  type?: unknown;
  params?: { model?: unknown } | null;
}

/** Tokens of agent steps by model in the latest runs of the period (their snapshot says each agent's model). */
export async function tokensByModel(db: Firestore, workspaceId: string, period: Period): Promise<{ tokensByModel: DashboardModelTokens[]; modelSample: number }> {
  const snapshot = await runsIn(db, workspaceId, period.from, period.to)
    .select('steps', new FieldPath('snapshot', 'nodes'))
    .limit(DASHBOARD_LIMITS.modelSample)
    .get();
  const totals = new Map<string, number>();
  for (const doc of snapshot.docs) {
    const nodes = (doc.get(new FieldPath('snapshot', 'nodes')) ?? []) as SampledNode[];
    const models = new Map<unknown, string>();
    for (const node of Array.isArray(nodes) ? nodes : []) {
      if (node?.type !== 'agent') continue;
      const model = node.params?.model;
      models.set(node.id, typeof model === 'string' && model ? model : DEFAULT_MODEL_KEY);
    }
    const steps = (doc.get('steps') ?? []) as SampledStep[];
    for (const step of Array.isArray(steps) ? steps : []) {
      const model = models.get(step?.nodeId);
      const tokens = typeof step?.tokens === 'number' ? step.tokens : 0;
      if (model !== undefined && tokens > 0) totals.set(model, (totals.get(model) ?? 0) + tokens);
    }
  }
  const rows = [...totals].map(([model, tokens]) => ({ model, tokens })).sort((a, b) => b.tokens - a.tokens);
  return { tokensByModel: rows, modelSample: snapshot.size };
}

/** The failed runs of the period grouped by workflow (from the latest failures), then each top one's exact count. */
export async function failingWorkflows(db: Firestore, workspaceId: string, period: Period, names: ReadonlyMap<string, string>): Promise<DashboardFailingWorkflow[]> {
  const latest = await runsIn(db, workspaceId, period.from, period.to, { status: 'failed' })
    .select('workflowId', 'workflowName', 'error', 'createdAt')
    .limit(DASHBOARD_LIMITS.failureSample)
    .get();
  const byWorkflow = new Map<string, { seen: number; last: (typeof latest.docs)[number] }>();
  for (const doc of latest.docs) {
    const workflowId = doc.get('workflowId');
    if (typeof workflowId !== 'string') continue;
    const entry = byWorkflow.get(workflowId);
    if (entry) entry.seen += 1;
    else byWorkflow.set(workflowId, { seen: 1, last: doc });
  }
  const top = [...byWorkflow].sort((a, b) => b[1].seen - a[1].seen).slice(0, DASHBOARD_LIMITS.failingWorkflows);
  const rows = await Promise.all(
    top.map(async ([workflowId, { last }]) => ({
      workflowId,
      workflowName: names.get(workflowId) ?? (typeof last.get('workflowName') === 'string' ? (last.get('workflowName') as string) : workflowId),
      // Exact, not the sample's share: one aggregation per listed workflow.
      failures: await count(runsIn(db, workspaceId, period.from, period.to, { workflowId, status: 'failed' })),
      lastError: typeof last.get('error') === 'string' ? (last.get('error') as string) : null,
      lastFailedAt: String(last.get('createdAt')),
      lastRunId: last.id,
    })),
  );
  return rows.sort((a, b) => b.failures - a.failures || b.lastFailedAt.localeCompare(a.lastFailedAt));
}

/**
 * Every query shape this module issues, as (equality fields, range/order
 * field): the index test checks each against firestore.indexes.json.
 */
export const DASHBOARD_QUERY_SHAPES: readonly { equal: readonly string[]; orderBy: 'createdAt' }[] = [
  { equal: ['workspaceId'], orderBy: 'createdAt' },
  { equal: ['workspaceId', 'status'], orderBy: 'createdAt' },
  { equal: ['workspaceId', 'workflowId'], orderBy: 'createdAt' },
  { equal: ['workspaceId', 'workflowId', 'status'], orderBy: 'createdAt' },
];
