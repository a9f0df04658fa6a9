// Where the e2e global setup records the stack it started, so tests can stop
// and restart one remote and the teardown can stop whatever is running.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './stack.mjs';

export const STATE_FILE = path.join(ROOT, '.agentflow', 'e2e-stack.json');

export function readState() {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
}

export function writeState(state) {
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}
