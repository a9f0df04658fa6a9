// Lets a test take one remote down and bring it back, as a failed deploy would.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@agentflow/shared/contract';

interface StackState {
  ports: { shell: number; billing: number; platform: number; remotes: Record<string, number> };
  env: Record<string, string>;
  pids: Record<string, number>;
}

const ROOT = path.resolve(__dirname, '../..');
const STATE_FILE = path.join(ROOT, '.agentflow', 'e2e-stack.json');

// Read at call time: a test may have restarted a remote since.
function readState(): StackState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
}

function writeState(state: StackState): void {
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

export function shellUrl(pathname = '/'): string {
  return `http://localhost:${readState().ports.shell}${pathname}`;
}

export function remoteUrl(remoteName: string, pathname = '/'): string {
  return `http://127.0.0.1:${readState().ports.remotes[remoteName]}${pathname}`;
}

function remote(name: string) {
  const found = REMOTES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Unknown remote ${name}`);
  return found;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const answers = async (url: string) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

/** Stops a remote's server and waits until its manifest no longer answers. */
export async function stopRemote(name: string): Promise<void> {
  const { dir } = remote(name);
  const state = readState();
  const pid = state.pids[dir];
  if (!pid) throw new Error(`No running server recorded for ${dir}`);
  process.kill(-pid, 'SIGTERM');
  await waitFor(async () => !(await answers(remoteUrl(name, '/mf-manifest.json'))), `${dir} to stop`);
}

/** Starts a remote's server again (same build, same port) and waits until it answers. */
export async function startRemote(name: string): Promise<void> {
  const { dir } = remote(name);
  const state = readState();
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'shared/federation/serve.mjs'), '--dir', path.join(ROOT, dir, 'dist'), '--port', String(state.ports.remotes[name]), '--cors'],
    { env: { ...process.env, ...state.env }, stdio: 'ignore', detached: true },
  );
  child.unref();
  if (!child.pid) throw new Error(`Could not start ${dir}`);
  writeState({ ...state, pids: { ...state.pids, [dir]: child.pid } });
  await waitFor(() => answers(remoteUrl(name, '/mf-manifest.json')), `${dir} to answer`);
}
