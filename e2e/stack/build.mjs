#!/usr/bin/env node
// npm run build: compiles shared and both services with tsc, then builds the
// shell and every remote for production (two webpack builds at a time; each
// is mostly single-threaded). Records a stamp so `npm start` knows whether
// sources changed since.
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from '@agentflow/shared/contract';
import { startProcess } from './processes.mjs';
import { ROOT } from './stack.mjs';

const STAMP = path.join(ROOT, '.agentflow', 'build-stamp');
// chat-widget is not a remote: platform-api serves its one script (/widget.js) to any website.
const APP_DIRS = ['shell', ...REMOTES.map((remote) => remote.dir), 'chat-widget'];
const WATCHED = ['shared/src', 'shared/federation', 'shared/styles', 'shared/package.json', 'shared/tsconfig.json', 'shared/tsconfig.part.json', 'shared/boundaries', 'billing-api/src', 'platform-api/src', 'package.json', 'tsconfig.base.json',
  ...APP_DIRS.flatMap((dir) => [`${dir}/src`, `${dir}/public`, `${dir}/webpack.config.js`, `${dir}/package.json`])];

async function run(label, command, args, cwd = ROOT) {
  const started = Date.now();
  const child = startProcess(label, command, args, { cwd, quiet: false });
  const { code, signal } = await child.exited;
  if (code !== 0) throw new Error(`${label} failed (${signal ?? `exit ${code}`})`);
  return Date.now() - started;
}

function newestMtime(target) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when some source changed after the last successful build. */
export function sourcesChangedSinceBuild() {
  let built;
  try {
    built = statSync(STAMP).mtimeMs;
  } catch {
    return true;
  }
  return WATCHED.some((relative) => newestMtime(path.join(ROOT, relative)) > built);
}

export async function buildAll() {
  const started = Date.now();
  const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
  await run('tsc', tsc, ['-b', 'shared', 'billing-api', 'platform-api']);
  const queue = [...APP_DIRS];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      // Resolved from the app itself: npm may or may not hoist webpack-cli.
      const webpackCli = createRequire(path.join(ROOT, dir, 'package.json')).resolve('webpack-cli/bin/cli.js');
      const ms = await run(`build ${dir}`, process.execPath, [webpackCli, 'build', '--mode', 'production'], path.join(ROOT, dir));
      console.log(`built ${dir} in ${(ms / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, new Date().toISOString());
  console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  buildAll().catch((error) => {
    console.error(`build: ${error.message}`);
    process.exit(1);
  });
}
