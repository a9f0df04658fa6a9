// Schedule triggers: every platform-api instance runs a scheduler; each tick
// of a schedule trigger's cron (in the trigger's time zone, via croner)
// creates one run, whichever instance gets there first
// (RunsService.startScheduled creates scheduleTicks/{workflowId}_{nodeId}_{tickIso}
// and the run in one transaction). A workflow may have several schedule
// triggers: each ticks on its own and its runs name it (trigger.nodeId).
//
// Discovery: workflow documents are written by browsers under rules that
// allow no derived field, so the scheduler scans the non-template workflows
// (only their ids and nodes) every refresh and keeps their trigger.schedule
// nodes. That is fine for thousands of workflows; beyond, a
// service-maintained index collection (or Cloud Scheduler jobs per
// workflow) replaces the scan without changing the tick logic.
//
// The on/off switch and the trash are read at tick time, from the workflow
// document itself (never from the refresh's list): a workflow switched off
// gets no run from the next check on, on every instance.
//
// Ticks fire for instants in (last check, now]: a tick missed while every
// instance was down is not replayed, and at most MAX_CATCH_UP ticks fire per
// check (a per-minute cron after a long pause does not flood).
import { Cron } from 'croner';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { WORKFLOW_COLLECTION, acceptsTriggerEvents, parseNodeParams, triggerNodesOfType, workflowFromDocument } from '@agentflow/shared/workflow';
import type { RunsService } from './service.js';
import { scanWorkflowNodes, singleFlight, startTriggerLoop } from './workflowScan.js';

const MAX_CATCH_UP = 5;

interface Scheduled {
  workflowId: string;
  nodeId: string;
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

/** The key of one schedule trigger in the scheduler's list. */
const scheduleKey = (workflowId: string, nodeId: string) => `${workflowId}/${nodeId}`;

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
    return [...new Set([...this.schedules.values()].map((schedule) => schedule.workflowId))];
  }

  /** Re-reads the schedule triggers of every workflow (each of a workflow's schedule nodes). */
  async refresh(): Promise<void> {
    const found = new Map<string, Scheduled>();
    await scanWorkflowNodes(this.options.db, (workflowId, nodes) => {
      for (const node of triggerNodesOfType(nodes, 'trigger.schedule')) {
        const params = parseNodeParams('trigger.schedule', node.params);
        if (!params.success) continue;
        const { cron: expression, timeZone } = params.data;
        const key = scheduleKey(workflowId, node.id);
        const existing = this.schedules.get(key);
        const cron =
          existing && existing.expression === expression && existing.timeZone === timeZone
            ? existing.cron
            : new Cron(expression, { timezone: timeZone, paused: true });
        found.set(key, { workflowId, nodeId: node.id, cron, expression, timeZone });
      }
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
      const workflow = workflowFromDocument(snapshot.id, snapshot.data() ?? {});
      // Switched off or trashed since the last refresh (read now, not from the list): its ticks pass without a run.
      if (!acceptsTriggerEvents(workflow)) continue;
      // The trigger removed since the refresh: no run either.
      if (!workflow.nodes.some((node) => node.id === schedule.nodeId && node.type === 'trigger.schedule')) continue;
      for (const tick of due) {
        const tickIso = tick.toISOString();
        try {
          const runId = await this.options.service.startScheduled(
            {
              workflow,
              ownerId: workflow.ownerId,
              trigger: { type: 'schedule', userId: null, scheduledFor: tickIso, nodeId: schedule.nodeId },
              input: { scheduledFor: tickIso },
            },
            tickIso,
          );
          if (runId) created++;
        } catch (error) {
          this.options.logger.error({ err: error, workflowId: workflow.id, nodeId: schedule.nodeId, tick: tickIso }, 'schedule run could not start');
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
