// The run queue's other jobs: a job id says its kind and goes to that kind's
// executor; a run id goes to the runs; a kind nobody registered is an error
// (logged by the queue), never a run.
import { QueueJobs, jobKindOf } from './jobs';

test('job ids carry their kind; run ids (letters and digits) carry none', () => {
  expect(jobKindOf('knowledge:kb1:src2')).toBe('knowledge');
  expect(jobKindOf('aB3dE5fG7hJ9kL1mN3pQ')).toBeNull();
  expect(jobKindOf('knowledge:')).toBeNull();
  expect(jobKindOf('Knowledge:kb:src')).toBeNull();
});

test('dispatch by kind; duties start with the module and for kinds registered after it started', async () => {
  const jobs = new QueueJobs();
  const seen: string[] = [];
  const duties: string[] = [];
  jobs.register('knowledge', async (id) => void seen.push(`job ${id}`), { start: () => duties.push('start a'), stop: () => duties.push('stop a') });
  await jobs.execute('knowledge:kb:src', async (id) => void seen.push(`run ${id}`));
  await jobs.execute('run42', async (id) => void seen.push(`run ${id}`));
  await expect(jobs.execute('other:x', async () => undefined)).rejects.toThrow("No executor for queue jobs of kind 'other'");
  expect(seen).toEqual(['job knowledge:kb:src', 'run run42']);
  jobs.start();
  jobs.register('knowledge', async () => undefined, { start: () => duties.push('start b'), stop: () => duties.push('stop b') });
  jobs.stop();
  expect(duties).toEqual(['start a', 'stop a', 'start b', 'stop b']);
});
