// The run stream bus inside one process (port.ts says when it serves). Each
// run's events are kept until REPLAY_MS after its end, so a visitor whose
// stream request arrives after the first tokens still gets them all.
import { EventEmitter } from 'node:events';
import type { RunStreamBus, RunStreamEvent } from './port.js';

const REPLAY_MS = 60_000;

export function inProcessRunStreams(replayMs = REPLAY_MS): RunStreamBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const buffers = new Map<string, RunStreamEvent[]>();
  const timers = new Set<NodeJS.Timeout>();
  return {
    publish(runId, event) {
      const buffer = buffers.get(runId) ?? [];
      buffers.set(runId, buffer);
      buffer.push(event);
      emitter.emit(runId, event);
      if (event.type === 'end') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          buffers.delete(runId);
        }, replayMs);
        timer.unref();
        timers.add(timer);
      }
    },
    subscribe(runId, listener) {
      for (const event of buffers.get(runId) ?? []) listener(event);
      if (buffers.get(runId)?.some((event) => event.type === 'end')) return () => undefined;
      emitter.on(runId, listener);
      return () => emitter.off(runId, listener);
    },
    flush: async () => undefined,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      buffers.clear();
      emitter.removeAllListeners();
    },
  };
}
