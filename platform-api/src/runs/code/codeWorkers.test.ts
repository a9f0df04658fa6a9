// The code pool: code runs on worker threads (the real QuickJS worker, loaded
// from its TypeScript source as the tests run untranspiled), this thread
// stays free while it does, and a thread that is late, canceled or dies is
// terminated and replaced. Fake workers (plain JavaScript files) play the
// thread that hangs past QuickJS's own time limit, or dies.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CodeWorkerPool } from './codeWorkers';

const pools: CodeWorkerPool[] = [];
const pool = (options: ConstructorParameters<typeof CodeWorkerPool>[0] = {}) => {
  const created = new CodeWorkerPool(options);
  pools.push(created);
  return created;
};

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

const request = (code: string, input: unknown = {}, timeoutMs = 2000) => ({ code, input, timeoutMs, memoryMb: 16 });

/**
 * A worker that says ready, then answers `return n` tasks with n, never
 * answers 'hang' (spins forever, as a thread whose interpreter ignored its
 * interrupt would), and exits on 'die'.
 */
function fakeWorker(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'code-pool-')), 'fakeWorker.mjs');
  writeFileSync(
    file,
    `import { parentPort } from 'node:worker_threads';
     parentPort.on('message', (task) => {
       if (task.request.code === 'hang') for (;;) {}
       if (task.request.code === 'die') process.exit(3);
       parentPort.postMessage({ type: 'done', id: task.id, outcome: { ok: true, output: task.request.input, logs: [] } });
     });
     parentPort.postMessage({ type: 'ready' });`,
  );
  return file;
}

describe('code pool on the real QuickJS worker', () => {
  it('runs code on a worker thread: output, console lines and failures as the sandbox gives them', async () => {
    const workers = pool();
    await expect(workers.run(request('console.log("n is", input.n); return { double: input.n * 2 };', { n: 21 }))).resolves.toEqual({ ok: true, output: { double: 42 }, logs: ['n is 21'] });
    await expect(workers.run(request('const a = ;'))).resolves.toMatchObject({ ok: false, kind: 'syntax', line: 1 });
    await expect(workers.run(request('return typeof process + typeof require + typeof fetch'))).resolves.toMatchObject({ ok: true, output: 'undefinedundefinedundefined' });
    await expect(workers.run({ ...request('const hoard = []; while (true) hoard.push("item " + hoard.length);'), memoryMb: 8 })).resolves.toMatchObject({ ok: false, kind: 'memory' });
    expect(workers.threads).toBeLessThanOrEqual(2);
  });

  it('keeps this thread free while code loops: timers fire and an HTTP request is answered at once', async () => {
    const workers = pool();
    // Warm: the thread and QuickJS are loaded before the measurement.
    await workers.run(request('return 1'));
    const server: Server = createServer((_req, res) => res.end('pong'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const ticks: number[] = [];
      const timer = setInterval(() => ticks.push(Date.now()), 20);
      const started = Date.now();
      let loopEndedAt = 0;
      const looping = workers.run(request('while (true) {}', {}, 1500)).then((outcome) => {
        loopEndedAt = Date.now();
        return outcome;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await answer.text()).toBe('pong');
      const answeredAt = Date.now();
      const outcome = await looping;
      clearInterval(timer);
      expect(outcome).toMatchObject({ ok: false, kind: 'timeout', message: 'The code was stopped after 1500 ms (its time limit)' });
      expect(loopEndedAt - started).toBeGreaterThanOrEqual(1450);
      // Answered while the loop ran (on this thread it could only be answered after), and the timer kept firing meanwhile.
      expect(answeredAt).toBeLessThan(loopEndedAt);
      expect(ticks.filter((at) => at < loopEndedAt).length).toBeGreaterThan(10);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('runs two steps at once on two threads', async () => {
    const workers = pool({ size: 2 });
    const outcomes = await Promise.all([workers.run(request('while (true) {}', {}, 400)), workers.run(request('return 2'))]);
    expect(outcomes).toMatchObject([{ ok: false, kind: 'timeout' }, { ok: true, output: 2 }]);
    expect(workers.threads).toBe(2);
  });

  it('a canceled step terminates its thread at once and a fresh thread takes the next step', async () => {
    const workers = pool({ size: 1 });
    await workers.run(request('return 1'));
    const controller = new AbortController();
    const started = Date.now();
    const looping = workers.run(request('while (true) {}', {}, 10_000), controller.signal);
    setTimeout(() => controller.abort(new Error('canceled by the user')), 150);
    await expect(looping).rejects.toThrow('canceled by the user');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(workers.replaced).toBe(1);
    await expect(workers.run(request('return input.x + 1', { x: 1 }))).resolves.toMatchObject({ ok: true, output: 2 });
    expect(workers.threads).toBe(1);
  });
});

describe('code pool backstop', () => {
  it('terminates a thread that does not answer within the time limit plus the margin, fails the step with the time limit, and replaces the thread', async () => {
    const workers = pool({ entry: { file: fakeWorker() }, size: 1, marginMs: 200 });
    await expect(workers.run(request('fine', { n: 1 }))).resolves.toMatchObject({ ok: true, output: { n: 1 } });
    const started = Date.now();
    const outcome = await workers.run(request('hang', {}, 300));
    const took = Date.now() - started;
    expect(outcome).toEqual({ ok: false, kind: 'timeout', message: 'The code was stopped after 300 ms (its time limit)', logs: [] });
    expect(took).toBeGreaterThanOrEqual(480);
    expect(took).toBeLessThan(2000);
    expect(workers.replaced).toBe(1);
    // The replacement answers.
    await expect(workers.run(request('fine', { n: 2 }))).resolves.toMatchObject({ ok: true, output: { n: 2 } });
  });

  it('a thread that dies fails its step (not the server) and is replaced', async () => {
    const workers = pool({ entry: { file: fakeWorker() }, size: 1 });
    await expect(workers.run(request('die'))).resolves.toMatchObject({ ok: false, kind: 'error', message: expect.stringMatching(/^The code could not run: its thread exited \(3\)/) });
    expect(workers.replaced).toBe(1);
    await expect(workers.run(request('fine', 'after'))).resolves.toMatchObject({ ok: true, output: 'after' });
  });

  it('steps beyond the pool wait their turn', async () => {
    const workers = pool({ entry: { file: fakeWorker() }, size: 2 });
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, n) => workers.run(request('fine', n))));
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.output : null))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(workers.threads).toBe(2);
  });

  it('a worker that cannot start fails the step saying so', async () => {
    const workers = pool({ entry: { file: path.join(tmpdir(), 'no-such-code-worker.mjs') }, size: 1 });
    await expect(workers.run(request('fine'))).resolves.toMatchObject({ ok: false, kind: 'error', message: expect.stringMatching(/^The code could not run: the sandbox did not start/) });
  });
});
