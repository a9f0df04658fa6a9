// The in-process queue: bounded concurrency, no duplicates, stop.
import { pino } from 'pino';
import { InProcessRunQueue, concurrencyFromEnv } from './queue';

const logger = pino({ level: 'silent' });

it('executes at most `concurrency` runs at once, each once, in order', async () => {
  let running = 0;
  let peak = 0;
  const order: string[] = [];
  const gates = new Map<string, () => void>();
  const queue = new InProcessRunQueue(
    (runId) =>
      new Promise<void>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        order.push(runId);
        gates.set(runId, () => {
          running--;
          resolve();
        });
      }),
    { concurrency: 2, logger },
  );
  queue.start();
  for (const id of ['a', 'b', 'c', 'd', 'b']) await queue.enqueue(id);
  expect(order).toEqual(['a', 'b']);
  expect(queue.waitingIds()).toEqual(['c', 'd']);
  gates.get('a')!();
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(['a', 'b', 'c']);
  gates.get('b')!();
  gates.get('c')!();
  await new Promise((resolve) => setImmediate(resolve));
  gates.get('d')!();
  await queue.stop();
  expect(order).toEqual(['a', 'b', 'c', 'd']);
  expect(peak).toBe(2);
  await expect(queue.enqueue('e')).rejects.toThrow('The run queue is stopped');
});

it('reads RUNS_CONCURRENCY', () => {
  expect(concurrencyFromEnv({})).toBe(4);
  expect(concurrencyFromEnv({ RUNS_CONCURRENCY: '12' })).toBe(12);
  expect(() => concurrencyFromEnv({ RUNS_CONCURRENCY: 'many' })).toThrow('RUNS_CONCURRENCY must be a whole number from 1 to 1000, not "many"');
});
