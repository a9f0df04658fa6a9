// Schedule triggers: every platform-api instance runs a scheduler; each tick
// of a workflow's cron (in the trigger's time zone, via croner) creates one
// run, whichever instance gets there first (RunsService.startScheduled
// creates scheduleTicks/{workflowId}_{tickIso} and the run in one
// transaction).
//
// Discovery: workflow documents are written by browsers under rules that
// allow no derived field, so the scheduler scans the non-template workflows
// (only their ids and nodes) every refresh and keeps those whose trigger is
// trigger.schedule. That is fine for thousands of workflows; beyond, a
// service-maintained index collection (or Cloud Scheduler jobs per
// workflow) replaces the scan without changing the tick logic.
//
// Ticks fire for instants in (last check, now]: a tick missed while every
// instance was down is not replayed, and at most MAX_CATCH_UP ticks fire per
// check (a per-minute cron after a long pause does not flood).
import { Cron } from 'croner';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { WORKFLOW_COLLECTION, parseNodeParams, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { isInTrash, type RunsService } from './service.js';
import { scanWorkflowNodes, singleFlight, startTriggerLoop } from './workflowScan.js';

const MAX_CATCH_UP = 5;

interface Scheduled {
  workflowId: string;
  cron: Cron;
  expression: string;
  timeZone: string;
}

export interface SchedulerOptions {
  db: Firestore;
  logger: Logger;
  service: RunsService;
  now?: () => Date;
  /** How often the schedule list is re-read (default 60 s). */
  refreshMs?: number;
  /** How often due ticks are checked (default 10 s). */
  checkMs?: number;
}

function scheduleNode(nodes: unknown): WorkflowNode | null {
  if (!Array.isArray(nodes)) return null;
  return (nodes as WorkflowNode[]).find((node) => node && node.type === 'trigger.schedule') ?? null;
}

export class RunScheduler {
  private schedules = new Map<string, Scheduled>();
  private lastCheck: Date;
  private stopLoop: (() => void) | null = null;
  private readonly checkOnce = singleFlight(() => this.checkNow());

  constructor(private readonly options: SchedulerOptions) {
    this.lastCheck = this.now();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Workflow ids with a schedule trigger, as last read. */
  get workflowIds(): string[] {
    return [...this.schedules.keys()];
  }

  /** Re-reads which workflows have a schedule trigger. */
  async refresh(): Promise<void> {
    const found = new Map<string, Scheduled>();
    await scanWorkflowNodes(this.options.db, (workflowId, nodes) => {
      const node = scheduleNode(nodes);
      if (!node) return;
      const params = parseNodeParams('trigger.schedule', node.params);
      if (!params.success) return;
      const { cron: expression, timeZone } = params.data;
      const existing = this.schedules.get(workflowId);
      const cron =
        existing && existing.expression === expression && existing.timeZone === timeZone
          ? existing.cron
          : new Cron(expression, { timezone: timeZone, paused: true });
      found.set(workflowId, { workflowId, cron, expression, timeZone });
    });
    this.schedules = found;
  }

  /** Starts the runs of ticks due since the last check; returns how many this instance created. */
  check(): Promise<number> {
    return this.checkOnce();
  }

  private async checkNow(): Promise<number> {
    const now = this.now();
    const since = this.lastCheck;
    this.lastCheck = now;
    let created = 0;
    for (const schedule of this.schedules.values()) {
      const due: Date[] = [];
      let next = schedule.cron.nextRun(since);
      while (next && next.getTime() <= now.getTime() && due.length < MAX_CATCH_UP) {
        due.push(next);
        next = schedule.cron.nextRun(next);
      }
      if (due.length === 0) continue;
      const snapshot = await this.options.db.collection(WORKFLOW_COLLECTION).doc(schedule.workflowId).get();
      if (!snapshot.exists) continue;
      const workflow = { ...(snapshot.data() as Omit<Workflow, 'id'>), id: snapshot.id } as Workflow;
      // Trashed since the last refresh: its ticks pass without a run.
      if (isInTrash(workflow)) continue;
      for (const tick of due) {
        const tickIso = tick.toISOString();
        try {
          const runId = await this.options.service.startScheduled(
            { workflow, ownerId: workflow.ownerId, trigger: { type: 'schedule', userId: null, scheduledFor: tickIso }, input: { scheduledFor: tickIso } },
            tickIso,
          );
          if (runId) created++;
        } catch (error) {
          this.options.logger.error({ err: error, workflowId: workflow.id, tick: tickIso }, 'schedule run could not start');
        }
      }
    }
    return created;
  }

  start(): void {
    this.lastCheck = this.now();
    this.stopLoop = startTriggerLoop({
      refresh: () => this.refresh().catch((error: unknown) => this.options.logger.error({ err: error }, 'schedule refresh failed')),
      check: () => this.check().then(() => undefined, (error: unknown) => this.options.logger.error({ err: error }, 'schedule check failed')),
      refreshMs: this.options.refreshMs ?? 60_000,
      checkMs: this.options.checkMs ?? 10_000,
    });
  }

  stop(): void {
    this.stopLoop?.();
    this.stopLoop = null;
  }
}
