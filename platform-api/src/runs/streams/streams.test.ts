// The run stream bus (port.ts): in process, and across processes through
// Firestore (two buses on the emulator stand for a worker executing the run
// and the API instance holding the visitor's stream).
import { pino } from 'pino';
import { deleteApp } from 'firebase-admin/app';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { clearFirestore, firestoreFor } from '../../../testing/harness';
import { firestoreRunStreams } from './firestore';
import { inProcessRunStreams } from './inProcess';
import type { RunStreamBus, RunStreamEvent } from './port';

const tokens = (texts: string[]): RunStreamEvent[] => texts.map((text) => ({ type: 'token', text }));

function collect(bus: RunStreamBus, runId: string): { events: RunStreamEvent[]; ended: Promise<void>; stop: () => void } {
  const events: RunStreamEvent[] = [];
  let stop: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    stop = bus.subscribe(runId, (event) => {
      events.push(event);
      if (event.type === 'end') resolve();
    });
  });
  return { events, ended, stop };
}

describe('in-process run streams', () => {
  it('replays what a late subscriber missed, then delivers as it comes, per run', async () => {
    const bus = inProcessRunStreams();
    bus.publish('r1', { type: 'token', text: 'Hel' });
    bus.publish('r2', { type: 'token', text: 'other run' });
    const late = collect(bus, 'r1');
    bus.publish('r1', { type: 'tool', id: 't1', name: 'search_knowledge', status: 'running' });
    bus.publish('r1', { type: 'token', text: 'lo' });
    bus.publish('r1', { type: 'end' });
    await late.ended;
    expect(late.events).toEqual([{ type: 'token', text: 'Hel' }, { type: 'tool', id: 't1', name: 'search_knowledge', status: 'running' }, { type: 'token', text: 'lo' }, { type: 'end' }]);
    await bus.close();
  });
});

describe('Firestore run streams', () => {
  const projectId = 'demo-agentflow-run-streams';
  let handle: ReturnType<typeof firestoreFor>;

  beforeAll(async () => {
    emulatorHosts();
    await clearFirestore(projectId);
    handle = firestoreFor(projectId);
  });

  afterAll(async () => {
    await deleteApp(handle.app);
  });

  it('carries a run’s events from the process executing it to another, in order, batched', async () => {
    const logger = pino({ level: 'silent' });
    const worker = firestoreRunStreams(handle.db, logger, 50);
    const api = firestoreRunStreams(handle.db, logger, 50);
    const seen = collect(api, 'run-a');
    const texts = Array.from({ length: 40 }, (_, i) => `w${i} `);
    for (const event of tokens(texts.slice(0, 20))) worker.publish('run-a', event);
    await new Promise((resolve) => setTimeout(resolve, 120));
    for (const event of tokens(texts.slice(20))) worker.publish('run-a', event);
    worker.publish('run-a', { type: 'citation', citation: { knowledgeBaseId: 'kb', sourceId: 's', sourceName: 'Terms.pdf', url: null, page: 2, headings: ['Shipping'] } });
    worker.publish('run-a', { type: 'end' });
    await worker.flush('run-a');
    await seen.ended;
    seen.stop();
    expect(seen.events.filter((e) => e.type === 'token').map((e) => (e as { text: string }).text)).toEqual(texts);
    expect(seen.events.at(-2)).toMatchObject({ type: 'citation', citation: { sourceName: 'Terms.pdf', page: 2 } });
    // Forty tokens in a few documents, not forty writes.
    const batches = await handle.db.collection('runStreams').doc('run-a').collection('events').get();
    expect(batches.size).toBeLessThanOrEqual(4);
    // A subscriber arriving after the end gets it all from the start.
    const late = collect(firestoreRunStreams(handle.db, logger), 'run-a');
    await late.ended;
    late.stop();
    expect(late.events).toHaveLength(seen.events.length);
    await Promise.all([worker.close(), api.close()]);
  });
});
