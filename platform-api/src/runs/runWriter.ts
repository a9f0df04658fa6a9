// Serialised, coalescing writes of one run by the process executing it,
// through the run store's conditional save. Each write replaces the run's
// fields with the executor's current state, on the condition that nobody
// else wrote since our last write; a conflict (cancel, an approval decided
// on another instance) calls `onConflict` with their run, which reconciles
// before the write is retried. Changes made while a write is in flight go
// out together in the next one, so a status change is never lost, only
// merged.
import type { RunStore, RunVersion } from './ports.js';
import type { StoredRun } from './runModel.js';

/** Saves per write: conflicts and busy answers both use one. */
const MAX_SAVES = 8;

export class RunWriter {
  private version: RunVersion | null;
  private requested = 0;
  private written = 0;
  private loop: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Held: changes are noted, not written, until release() (a new run kept in memory, engine.ts quietMs). */
  private held = false;

  constructor(
    private readonly store: RunStore,
    private readonly state: () => StoredRun,
    private readonly onConflict: (fresh: StoredRun | null) => void,
    version: RunVersion | null,
    private readonly throttleMs: number,
  ) {
    this.version = version;
  }

  /**
   * A status change: write now. Resolves once a write that started after
   * this call has landed (merged with other changes made meanwhile).
   */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.closed) return Promise.resolve();
    this.requested++;
    if (this.held) return Promise.resolve();
    if (!this.loop) {
      this.loop = this.drain().finally(() => {
        this.loop = null;
      });
    }
    return this.loop;
  }

  /** Notes changes without writing them until release(). */
  hold(): void {
    this.held = true;
  }

  /** Writes again from the next flush() on (which writes what was held). */
  release(): void {
    this.held = false;
  }

  /** A detail (attempt count, child step tokens): written within throttleMs. */
  soon(): void {
    if (this.timer || this.closed || this.held) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch(() => undefined);
    }, this.throttleMs);
  }

  /** No further writes (the run was canceled elsewhere, or execution ended). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Writes until every requested change is stored. */
  private async drain(): Promise<void> {
    while (this.written < this.requested && !this.closed) {
      const generation = this.requested;
      await this.write();
      this.written = generation;
    }
  }

  private async write(): Promise<void> {
    for (let attempt = 0; attempt < MAX_SAVES && !this.closed; attempt++) {
      const outcome = await this.store.save(this.state(), this.version);
      if (outcome.kind === 'saved') {
        this.version = outcome.version;
        return;
      }
      if (outcome.kind === 'conflict') {
        this.version = outcome.version;
        this.onConflict(outcome.current);
        continue;
      }
      // Busy: back off, then write the then-current state.
      if (attempt >= MAX_SAVES - 1) throw outcome.error;
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}
