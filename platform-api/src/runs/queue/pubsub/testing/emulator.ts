// The Pub/Sub emulator for tests (test code): the Debian package
// google-cloud-cli-pubsub-emulator's launcher on a free loopback port,
// started by the suite that needs it and stopped with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

export const PUBSUB_EMULATOR_LAUNCHER = '/usr/lib/google-cloud-sdk/platform/pubsub-emulator/bin/cloud-pubsub-emulator';

export interface PubSubEmulator {
  /** host:port, for PUBSUB_EMULATOR_HOST. */
  host: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPubSubEmulator(timeoutMs = 60_000): Promise<PubSubEmulator> {
  if (!existsSync(PUBSUB_EMULATOR_LAUNCHER)) throw new Error(`The Pub/Sub emulator is missing (${PUBSUB_EMULATOR_LAUNCHER}): apt-get install google-cloud-cli-pubsub-emulator`);
  const port = await freePort();
  const child: ChildProcess = spawn(PUBSUB_EMULATOR_LAUNCHER, [`--host=127.0.0.1`, `--port=${port}`], { stdio: 'ignore', detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Pub/Sub emulator exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.ok, () => false);
    if (ready) return { host: `127.0.0.1:${port}`, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Pub/Sub emulator did not answer on port ${port} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
