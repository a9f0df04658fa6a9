// A loop step that starts again in the same run (recovery.ts requeued a run
// whose process died mid-loop; or the loop step's own retry after a timeout)
// finds the records its earlier execution wrote (itemRecords.ts) and does
// not run its finished items again: they may have had side effects (an
// e-mail sent, a CRM updated). What each record means for the new execution:
//   succeeded, skipped, failed with a collected error → kept, output and all;
//   canceled (aborted by a cancel, another item's failure or the loop's
//     timeout), failed under 'stop' → run again, as a retried step is;
//   running (started, never ended: in flight at the crash) → interrupted.
//
// An interrupted item is NOT run again: it fails with 'Interrupted by a
// restart' and the loop's onItemError decides, as for any failed item (stop
// fails the loop, skip leaves it out, collect puts the error in its place).
// Its body steps may have acted before the process died and nothing records
// how far they got, so a second run could repeat an effect the user sees
// twice; the engine never re-runs a step it may have started (recovery
// fails an interrupted top-level step the same way), and the loop's error
// setting is the user's own word on what a failed item means.
import { RUN_MESSAGES } from '@agentflow/shared/workflow';
import type { LoopItemRecord } from './itemRecords.js';

/** What happened to one item: kept from a record, or decided now. */
export interface ItemOutcome {
  status: Exclude<LoopItemRecord['status'], 'running'>;
  output: unknown;
  error: string | null;
}

export interface ResumePlan {
  /** Items already finished, by index: not run again. */
  kept: Map<number, ItemOutcome>;
  /** Items that were under way when the process died. */
  interrupted: LoopItemRecord[];
}

export const INTERRUPTED_ITEM_MESSAGE = RUN_MESSAGES.interrupted;

/** What an earlier execution of this loop step left (records of a list of `total` items; others are ignored). */
export function planResume(records: readonly LoopItemRecord[], total: number): ResumePlan {
  const plan: ResumePlan = { kept: new Map(), interrupted: [] };
  for (const record of records) {
    if (record.total !== total || record.index < 0 || record.index >= total) continue;
    if (record.status === 'running') plan.interrupted.push(record);
    else if (record.status === 'succeeded' || record.status === 'skipped' || (record.status === 'failed' && record.output !== undefined)) {
      plan.kept.set(record.index, { status: record.status, output: record.output ?? null, error: record.error });
    }
  }
  return plan;
}
