import { createSerialQueue } from './serialQueue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

test('work with one key runs one at a time, in call order, past failures', async () => {
  const queue = createSerialQueue();
  const events: string[] = [];
  let running = 0;
  const job = (name: string, fail = false) => async () => {
    running += 1;
    expect(running).toBe(1);
    events.push(`start ${name}`);
    await tick();
    events.push(`end ${name}`);
    running -= 1;
    if (fail) throw new Error(name);
    return name;
  };
  const results = await Promise.allSettled([queue('k', job('a')), queue('k', job('b', true)), queue('k', job('c'))]);
  expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
});

test('different keys run side by side', async () => {
  const queue = createSerialQueue();
  const started: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const first = queue('x', async () => {
    started.push('x');
    await gate;
  });
  const second = queue('y', async () => {
    started.push('y');
  });
  await second;
  expect(started).toEqual(['x', 'y']);
  release();
  await first;
});
