// App poll triggers ('trigger.poll'): every platform-api instance runs a
// poller beside the scheduler. It finds the workflows with a poll trigger as
// the scheduler finds schedules (a scan every refresh), and on each check
// polls those due (intervalMinutes since their last poll), each under a
// lease in connectorPolls/{workflowId} (pollState.ts) so one instance polls
// a workflow at a time.
//
// A workflow may have several poll triggers: each is watched on its own, its
// state under pollStateKey (the workflow id for the first, so states from
// before several triggers keep their cursors) and its runs name it
// (trigger.nodeId). The on/off switch is read at poll time from the workflow
// itself: a workflow switched off (or trashed) is not polled, and its cursor
// is dropped, so switching it on again starts over without replaying what
// came while it was off.
//
// A trigger's first activation (no state, or another configuration) polls
// with no cursor and only stores the provider's current cursor: history is
// not replayed. Later polls start one run per new item, its input the item,
// through RunsService.startPolled, which creates the run together with
// connectorPollItems/{workflowId}_{sha256(dedup key)}: an item never gets
// two runs, whether two instances poll at once (a lapsed lease), an
// instance dies between starting runs and storing the cursor, or a poll is
// repeated after a restart. At most CONNECTOR_LIMITS.maxItemsPerPoll runs
// start per poll; when there are more, the old cursor is kept so the rest
// come with the next poll. A failed poll stores lastError, starts nothing
// and keeps the cursor.
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import {
  CONNECTOR_LIMITS,
  RUN_LIMITS,
  WORKFLOW_COLLECTION,
  acceptsTriggerEvents,
  connectorOf,
  connectorTriggerOf,
  parseNodeParams,
  triggerNodesOfType,
  workflowFromDocument,
  type PollTriggerParams,
  type Workflow,
  type WorkflowNode,
} from '@agentflow/shared/workflow';
import type { SafeFetchPolicy } from '../../net/safeFetch.js';
import { workspacePayer } from '../../runs/access.js';
import type { RunsService } from '../../runs/service.js';
import { pollItemRef } from '../../runs/firestoreRunStore.js';
import { scanWorkflowNodes, singleFlight, startTriggerLoop } from '../../runs/workflowScan.js';
import type { ConnectorRuntime } from '../runtime/runtime.js';
import { FirestorePollStates, type PollOutcome, type PollState, type PollStateStore } from './pollState.js';
import { messageOf } from '@agentflow/shared/domain';

/** Item claims read per getAll. */
const READ_CHUNK = 100;

export interface ConnectorPollerOptions {
  db: Firestore;
  logger: Logger;
  service: Pick<RunsService, 'startPolled'>;
  runtime: ConnectorRuntime;
  /** The guard provider calls go through (the HTTP step's). */
  policy: SafeFetchPolicy;
  instanceId: string;
  now?: () => Date;
  /** How often the list of poll triggers is re-read (default 60 s). */
  refreshMs?: number;
  /** How often due polls are looked for (default 15 s). */
  checkMs?: number;
  /** How long a lease lasts (default 5 min); a poll is cut off at half of it, so it ends while the lease holds. */
  leaseMs?: number;
  /** Where poll state is kept (default connectorPolls in `db`); tests give a store that fails on purpose. */
  states?: PollStateStore;
}

interface Watched {
  workflowId: string;
  nodeId: string;
  /** Where its poll state lives (pollStateKey). */
  stateKey: string;
  /** Whether it is the workflow's first poll trigger (its item claims keep the key of before). */
  first: boolean;
  configKey: string;
  intervalMs: number;
  /** Epoch ms before which this instance does not ask (a hint: the claim decides). */
  dueAt: number;
}

/** JSON with object keys sorted, so equal configurations hash alike. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What identifies a trigger's item stream: another app, trigger, account or params starts over. */
export function pollConfigKey(params: Pick<PollTriggerParams, 'connector' | 'trigger' | 'credentialId' | 'params'>): string {
  const { connector, trigger, credentialId, params: values } = params;
  return createHash('sha256')
    .update(stableJson({ connector, trigger, credentialId: credentialId ?? null, params: values }))
    .digest('hex');
}

/** Every poll trigger of a workflow with valid params, in document order (a workflow may have several). */
export function pollNodes(nodes: unknown): { node: WorkflowNode; params: PollTriggerParams }[] {
  return triggerNodesOfType(nodes, 'trigger.poll').flatMap((node) => {
    const parsed = parseNodeParams('trigger.poll', node.params);
    return parsed.success ? [{ node, params: parsed.data }] : [];
  });
}


/** Where a poll trigger's state lives: the workflow id for its first poll trigger (as before several), else beside it. */
export const pollStateKey = (workflowId: string, nodeId: string, first: boolean): string => (first ? workflowId : `${workflowId}_${nodeId}`);

/** The dedup key value of an item: a string or a number in the trigger's dedupKey field; null without one. */
function keyOf(item: unknown, field: string): string | null {
  const value = item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}


export class ConnectorPoller {
  private watched = new Map<string, Watched>();
  private stopLoop: (() => void) | null = null;
  private readonly checkOnce = singleFlight(() => this.checkNow());
  readonly states: PollStateStore;

  constructor(private readonly options: ConnectorPollerOptions) {
    this.states = options.states ?? new FirestorePollStates(options.db);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? 5 * 60_000;
  }

  /** Workflow ids with a poll trigger, as last read. */
  get workflowIds(): string[] {
    return [...new Set([...this.watched.values()].map((watched) => watched.workflowId))];
  }

  /** Re-reads the poll triggers of every workflow (each of a workflow's poll nodes). */
  async refresh(): Promise<void> {
    const found = new Map<string, Watched>();
    await scanWorkflowNodes(this.options.db, (workflowId, nodes) => {
      pollNodes(nodes).forEach((poll, index) => {
        const first = index === 0;
        const stateKey = pollStateKey(workflowId, poll.node.id, first);
        const configKey = pollConfigKey(poll.params);
        const existing = this.watched.get(stateKey);
        const dueAt = existing?.configKey === configKey && existing.nodeId === poll.node.id ? existing.dueAt : 0;
        found.set(stateKey, { workflowId, nodeId: poll.node.id, stateKey, first, configKey, intervalMs: poll.params.intervalMinutes * 60_000, dueAt });
      });
    });
    this.watched = found;
  }

  /** Polls the workflows due; returns how many runs this instance started. */
  check(): Promise<number> {
    return this.checkOnce();
  }

  private async checkNow(): Promise<number> {
    let started = 0;
    for (const watched of this.watched.values()) {
      if (watched.dueAt > this.now().getTime()) continue;
      try {
        started += await this.pollWorkflow(watched);
      } catch (error) {
        // The state store or Firestore failed (not the provider): try again on the next check.
        this.options.logger.error({ err: error, workflowId: watched.workflowId, nodeId: watched.nodeId }, 'connector poll failed');
      }
    }
    return started;
  }

  private async pollWorkflow(watched: Watched): Promise<number> {
    const { workflowId, stateKey } = watched;
    const { instanceId } = this.options;
    const claim = await this.states.claim(stateKey, { instanceId, now: this.now().getTime(), leaseMs: this.leaseMs, configKey: watched.configKey, intervalMs: watched.intervalMs });
    if (claim.kind === 'notDue') watched.dueAt = claim.dueAt;
    if (claim.kind === 'leased') watched.dueAt = claim.until;
    if (claim.kind !== 'claimed') return 0;

    // The workflow as it is now (the run's snapshot); a trigger removed since the refresh gives the lease back.
    const snapshot = await this.options.db.collection(WORKFLOW_COLLECTION).doc(workflowId).get();
    const workflow = snapshot.exists ? workflowFromDocument(snapshot.id, snapshot.data() ?? {}) : null;
    const poll = workflow ? pollNodes(workflow.nodes).find((candidate) => candidate.node.id === watched.nodeId) : undefined;
    if (!workflow || !poll) {
      this.watched.delete(stateKey);
      await this.states.finish(stateKey, instanceId, {});
      return 0;
    }
    // Switched off or in the trash: not polled, and the cursor dropped (switching on, or restoring, starts over with a first activation).
    if (!acceptsTriggerEvents(workflow)) {
      watched.dueAt = this.now().getTime() + watched.intervalMs;
      await this.states.finish(stateKey, instanceId, { cursor: null });
      return 0;
    }
    const configKey = pollConfigKey(poll.params);
    watched.configKey = configKey;
    watched.intervalMs = poll.params.intervalMinutes * 60_000;
    watched.dueAt = this.now().getTime() + watched.intervalMs;
    return this.pollClaimed(workflow, poll, watched, configKey, claim.state);
  }

  private async pollClaimed(
    workflow: Workflow,
    { node, params }: { node: WorkflowNode; params: PollTriggerParams },
    { stateKey, first }: Pick<Watched, 'stateKey' | 'first'>,
    configKey: string,
    state: PollState | null,
  ): Promise<number> {
    const { instanceId, logger } = this.options;
    // The item's claim: its dedup key, beside the trigger's id for a workflow's second (third…) poll trigger.
    const claimKey = (key: string) => (first ? key : `${node.id}:${key}`);
    const activation = !state || state.configKey !== configKey || state.cursor === null;
    const cursor = activation ? null : state.cursor;
    const polledAt = this.now().toISOString();
    const finish = async (outcome: Partial<PollOutcome>) => {
      if (!(await this.states.finish(stateKey, instanceId, { configKey, lastPolledAt: polledAt, ...outcome }))) {
        logger.warn({ workflowId: workflow.id }, 'connector poll lease lapsed before the poll ended; its outcome was not stored');
      }
    };

    let result: { items: unknown[]; cursor: string };
    // The poll acts for the workflow's workspace, as its runs do: its owner pays and opens the credential, which must be
    // the workspace's (not the creator's: a creator who left, or a workflow moved elsewhere, keeps no hold on it).
    const payer = await workspacePayer(this.options.db, workflow);
    try {
      result = await this.options.runtime.poll(
        {
          connectorId: params.connector,
          credentialId: params.credentialId,
          ownerId: payer,
          workspace: { ownerId: payer, organizationId: workflow.organizationId ?? null },
          nodeId: node.id,
          stepName: node.name,
          policy: this.options.policy,
          signal: AbortSignal.timeout(this.leaseMs / 2),
        },
        params.trigger,
        params.params,
        cursor,
      );
    } catch (error) {
      const message = messageOf(error);
      logger.warn({ err: error, workflowId: workflow.id, connector: params.connector, trigger: params.trigger }, 'connector poll failed');
      await finish({ cursor, lastError: message, lastErrorAt: polledAt });
      return 0;
    }
    // The first activation keeps the provider's cursor and starts nothing: history is not replayed.
    if (activation) {
      await finish({ cursor: result.cursor, lastError: null, lastErrorAt: null });
      return 0;
    }

    const dedupKey = connectorTriggerOf(connectorOf(params.connector)!, params.trigger)!.dedupKey;
    const keyed: { item: unknown; key: string }[] = [];
    // An item too large to be a run's input would fail every poll and hold the cursor back for good: skipped, and said.
    let oversized = 0;
    for (const item of result.items) {
      const key = keyOf(item, dedupKey);
      if (key === null) logger.warn({ workflowId: workflow.id, connector: params.connector, trigger: params.trigger, field: dedupKey }, 'polled item has no dedup key; skipped');
      else if (Buffer.byteLength(JSON.stringify(item)) > RUN_LIMITS.maxInputBytes) oversized++;
      else if (!keyed.some((other) => other.key === key)) keyed.push({ item, key });
    }
    const fresh = await this.unclaimed(workflow.id, keyed.map((entry) => ({ ...entry, claim: claimKey(entry.key) })));
    const batch = fresh.slice(0, CONNECTOR_LIMITS.maxItemsPerPoll);
    let started = 0;
    for (const { item, key } of batch) {
      try {
        const runId = await this.options.service.startPolled(
          {
            workflow,
            ownerId: payer,
            trigger: { type: 'poll', userId: null, poll: { connector: params.connector, trigger: params.trigger, itemKey: key }, nodeId: node.id },
            input: item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : { item },
          },
          claimKey(key),
        );
        if (runId) started++;
      } catch (error) {
        // The items after this one come with the next poll (the old cursor is kept); those started are claimed.
        logger.error({ err: error, workflowId: workflow.id }, 'poll run could not start');
        await finish({ cursor, lastError: `Could not start a run: ${messageOf(error)}`, lastErrorAt: polledAt });
        return started;
      }
    }
    // More new items than one poll starts: the old cursor brings the rest next time (those started are skipped then).
    const skipped = oversized > 0 ? `${oversized} new item(s) were larger than ${RUN_LIMITS.maxInputBytes} bytes and started no run` : null;
    await finish({ cursor: fresh.length > batch.length ? cursor : result.cursor, lastError: skipped, lastErrorAt: skipped ? polledAt : null });
    return started;
  }

  /** The items that have no run yet (a hint read outside the transaction that decides: startPolled's). */
  private async unclaimed<T extends { claim: string }>(workflowId: string, keyed: T[]): Promise<T[]> {
    const fresh: T[] = [];
    for (let i = 0; i < keyed.length; i += READ_CHUNK) {
      const chunk = keyed.slice(i, i + READ_CHUNK);
      const claims = await this.options.db.getAll(...chunk.map(({ claim }) => pollItemRef(this.options.db, workflowId, claim)));
      chunk.forEach((entry, index) => {
        if (!claims[index]!.exists) fresh.push(entry);
      });
    }
    return fresh;
  }

  start(): void {
    this.stopLoop = startTriggerLoop({
      refresh: () => this.refresh().catch((error: unknown) => this.options.logger.error({ err: error }, 'connector poll refresh failed')),
      check: () => this.check().then(() => undefined, (error: unknown) => this.options.logger.error({ err: error }, 'connector poll check failed')),
      refreshMs: this.options.refreshMs ?? 60_000,
      checkMs: this.options.checkMs ?? 15_000,
    });
  }

  stop(): void {
    this.stopLoop?.();
    this.stopLoop = null;
  }
}
