// Child-process plumbing for the local stack: spawn with prefixed logs, wait
// for readiness, check ports, and stop every process group we started.
import { spawn } from 'node:child_process';
import net from 'node:net';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();

/**
 * Starts a command in its own process group, prefixing its output.
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, quiet?: boolean, logFile?: import('node:fs').WriteStream }} [options]
 */
export function startProcess(label, command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: stopping it stops its children too (java under firebase)
  });
  children.add(child);
  const tag = `[${label}]`.padEnd(16);
  const write = (chunk) => {
    const text = chunk.toString();
    options.logFile?.write(text.replace(/^/gm, tag));
    if (!options.quiet) process.stdout.write(text.replace(/^(?=.)/gm, tag));
  };
  child.stdout.on('data', write);
  child.stderr.on('data', write);
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  child.label = label;
  return child;
}

/** Stops a child's whole process group: SIGTERM, then SIGKILL after the grace time. */
export async function stopProcess(child, graceMs = 8000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAll(graceMs) {
  await Promise.all([...children].reverse().map((child) => stopProcess(child, graceMs)));
}

/** Resolves true when nothing listens on host:port. */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, host);
  });
}

/**
 * Fails with one clear message naming every taken port.
 * @param {{ port: number, what: string }[]} wanted
 */
export async function assertPortsFree(wanted) {
  const taken = [];
  for (const { port, what } of wanted) {
    if (!(await isPortFree(port))) taken.push(`${port} (${what})`);
  }
  if (taken.length > 0) {
    throw new Error(
      `Port${taken.length > 1 ? 's' : ''} already in use: ${taken.join(', ')}. ` +
        'Another Agentflow stack (npm start or npm test) is probably running; stop it first, or free these ports.',
    );
  }
}

/**
 * Polls a URL until it answers (any HTTP status below 500 unless `ok` says otherwise).
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess, ok?: (status: number) => boolean }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 60_000, child, ok = (status) => status < 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${child.label} exited before ${url} answered`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (ok(response.status)) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (last: ${lastError})`);
}
