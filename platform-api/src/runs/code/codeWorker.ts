// One thread of the code pool (codeWorkers.ts): loads QuickJS once, says
// 'ready', then runs the tasks it is sent one at a time, answering each with
// its outcome. The interpreter's own limits (memory, time, stack) stop the
// code; the host terminates this thread when an answer is late or the step
// is canceled, so nothing here needs to watch the clock.
import { parentPort } from 'node:worker_threads';
import { quickJs, runCodeWithin, type CodeOutcome, type CodeRequest, type SandboxLimits } from './quickjsRun.js';

export interface CodeTask {
  id: number;
  request: CodeRequest;
  limits: SandboxLimits;
}

export type CodeWorkerMessage = { type: 'ready' } | { type: 'done'; id: number; outcome: CodeOutcome } | { type: 'broken'; message: string };

const port = parentPort;
if (port) {
  const send = (message: CodeWorkerMessage) => port.postMessage(message);
  quickJs().then(
    (module) => {
      port.on('message', (task: CodeTask) => send({ type: 'done', id: task.id, outcome: runCodeWithin(module, task.request, task.limits) }));
      send({ type: 'ready' });
    },
    (error: unknown) => send({ type: 'broken', message: error instanceof Error ? error.message : String(error) }),
  );
}
