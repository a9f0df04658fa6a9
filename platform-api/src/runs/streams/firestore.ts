// The run stream bus across processes (port.ts says why Firestore): events
// are appended in batches as runStreams/{runId}/events/{seq} documents and
// tailed with a query listener ordered by seq. Server-only collection (the
// rules deny browsers); a Firestore TTL policy on `expireAt`
// (firestore.indexes.json fieldOverrides) removes them an hour later.
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { RunStreamBus, RunStreamEvent } from './port.js';

export const RUN_STREAMS_COLLECTION = 'runStreams';
export const RUN_STREAM_EVENTS = 'events';
/** How often a streaming step writes its buffered events (at most). */
export const FIRESTORE_STREAM_FLUSH_MS = 150;
/** Stream documents are kept this long (TTL on expireAt). */
const RETENTION_MS = 60 * 60_000;

interface Pending {
  events: RunStreamEvent[];
  seq: number;
  timer: NodeJS.Timeout | null;
  writing: Promise<void>;
}

export function firestoreRunStreams(db: Firestore, logger: Logger, flushMs = FIRESTORE_STREAM_FLUSH_MS): RunStreamBus {
  const pending = new Map<string, Pending>();
  const events = (runId: string) => db.collection(RUN_STREAMS_COLLECTION).doc(runId).collection(RUN_STREAM_EVENTS);

  const write = (runId: string): Promise<void> => {
    const state = pending.get(runId);
    if (!state) return Promise.resolve();
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    const batch = state.events.splice(0);
    if (batch.length === 0) return state.writing;
    const seq = state.seq++;
    const ended = batch.some((event) => event.type === 'end');
    // Batches are written one after the other, so seq order is the order the listener sees.
    state.writing = state.writing
      .then(async () => {
        await events(runId).doc(String(seq).padStart(6, '0')).set({ seq, events: batch, expireAt: new Date(Date.now() + RETENTION_MS) });
      })
      .catch((error: unknown) => logger.warn({ err: error, runId }, 'could not write a run stream batch (the stored answer still arrives)'));
    if (ended) {
      const done = state.writing;
      void done.then(() => {
        if (pending.get(runId) === state) pending.delete(runId);
      });
    }
    return state.writing;
  };

  return {
    publish(runId, event) {
      const state = pending.get(runId) ?? { events: [], seq: 0, timer: null, writing: Promise.resolve() };
      pending.set(runId, state);
      state.events.push(event);
      if (event.type === 'end') void write(runId);
      else state.timer ??= setTimeout(() => void write(runId), flushMs);
    },
    subscribe(runId, listener) {
      let next = 0;
      let ended = false;
      const unsubscribe = events(runId)
        .orderBy('seq')
        .onSnapshot(
          (snapshot) => {
            for (const change of snapshot.docChanges()) {
              if (change.type !== 'added') continue;
              const seq = change.doc.get('seq') as number;
              if (seq < next || ended) continue;
              next = seq + 1;
              for (const event of change.doc.get('events') as RunStreamEvent[]) {
                listener(event);
                if (event.type === 'end') ended = true;
              }
            }
          },
          (error) => {
            logger.warn({ err: error, runId }, 'run stream listener failed');
            listener({ type: 'end' });
          },
        );
      return unsubscribe;
    },
    flush: (runId) => write(runId),
    close: async () => {
      await Promise.all([...pending.keys()].map((runId) => write(runId)));
    },
  };
}
