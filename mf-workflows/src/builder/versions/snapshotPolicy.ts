// When autosave also writes a version snapshot (decision 4 of issue 19): the
// working copy is saved about a second after every edit, but a snapshot only
// for a meaningful change, at most one a minute while editing (the first
// unsnapshotted change starts the minute; later edits within it ride along),
// and at once when asked for (Run, "Save version", leaving, before a restore).
// Pure, with the clock passed in, so the minute rule is tested without waiting.
import type { Workflow, WorkflowNode } from '@agentflow/shared/workflow';

export const SNAPSHOT_INTERVAL_MS = 60_000;

/** What a snapshot stores (workflows/{id}/versions/{n}): the name and the graph. */
export type SnapshotContent = Pick<Workflow, 'name' | 'nodes' | 'edges'>;

/** A snapshot asked for: `always` even when nothing changed since the last one (Save version), with the user's name for it. */
export interface SnapshotRequest {
  always: boolean;
  label?: string;
}

/**
 * What makes two workflows the same version: the name, the edges and each
 * node but its place on the canvas and its pinned sample output (moving a node
 * a few pixels or pinning test data changes nothing a run does).
 */
export function snapshotKey({ name, nodes, edges }: SnapshotContent): string {
  const meaningful = nodes.map((node: WorkflowNode) => {
    const { position: _position, pinned: _pinned, ...rest } = node;
    return rest;
  });
  return JSON.stringify({ name, nodes: meaningful, edges });
}

/** Two requests before one save: `always` wins, the newer label wins. */
export function mergeRequests(earlier: SnapshotRequest | null, later: SnapshotRequest): SnapshotRequest {
  if (!earlier) return later;
  const label = later.label ?? earlier.label;
  return { always: earlier.always || later.always, ...(label ? { label } : {}) };
}

export type Clock = () => number;

/** Decides, save by save, whether a snapshot goes with it. */
export class SnapshotPlanner {
  private lastKey: string;
  /** When the oldest change not in a snapshot was saved (null: the last snapshot is current). */
  private dirtySince: number | null = null;

  constructor(
    initial: SnapshotContent,
    private readonly now: Clock = Date.now,
    private readonly intervalMs: number = SNAPSHOT_INTERVAL_MS,
  ) {
    this.lastKey = snapshotKey(initial);
  }

  /** Whether content differs meaningfully from the last snapshot. */
  differs(content: SnapshotContent): boolean {
    return snapshotKey(content) !== this.lastKey;
  }

  /**
   * Content is about to be saved: `snapshot` when one is due with it; else
   * `dueInMs`, how long until one will be (null when none is pending).
   */
  plan(content: SnapshotContent): { snapshot: boolean; dueInMs: number | null } {
    if (!this.differs(content)) {
      this.dirtySince = null;
      return { snapshot: false, dueInMs: null };
    }
    const now = this.now();
    this.dirtySince ??= now;
    const elapsed = now - this.dirtySince;
    return elapsed >= this.intervalMs ? { snapshot: true, dueInMs: null } : { snapshot: false, dueInMs: this.intervalMs - elapsed };
  }

  /** A snapshot of content was written (or the working copy now equals one, after a restore). */
  written(content: SnapshotContent): void {
    this.lastKey = snapshotKey(content);
    this.dirtySince = null;
  }
}
