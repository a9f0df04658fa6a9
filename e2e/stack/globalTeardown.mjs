import { readState } from './e2eState.mjs';
import { stopAll } from './processes.mjs';

export default async function globalTeardown() {
  await stopAll(5000);
  // Remotes a test restarted are not this process's children: stop them by process group.
  try {
    for (const pid of Object.values(readState().pids)) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already stopped
      }
    }
  } catch {
    // no state: setup never got that far
  }
}
