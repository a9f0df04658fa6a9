#!/usr/bin/env node
// Bundle benchmark: serves the production builds on loopback, opens each
// route in headless Chromium with an empty cache, records every JavaScript
// response and prints its size gzip-compressed (level 6, what a CDN serves).
// Fails (exit 1) when the first view of `/` exceeds its budget.
//   node bench/bundle.mjs [--json] [--files]
import { gzipSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REMOTES } from '@agentflow/shared/contract';
import { createStaticApp, listen } from '@agentflow/shared/static-server';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const BUDGET_FIRST_VIEW_GZIP = 180 * 1024;
const BASE_PORT = 3200; // clear of npm start (3000+) and the e2e stack (3100+)
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

async function serveBuilds() {
  const remotesEnv = {};
  const ports = { shell: BASE_PORT };
  REMOTES.forEach((remote, index) => {
    ports[remote.name] = BASE_PORT + 1 + index;
    remotesEnv[remote.envVar] = `http://127.0.0.1:${ports[remote.name]}/mf-manifest.json`;
  });
  const env = { ...process.env, ...remotesEnv };
  const servers = [await listen(createStaticApp({ dir: path.join(ROOT, 'shell/dist'), shell: true, env }), ports.shell)];
  for (const remote of REMOTES) {
    servers.push(await listen(createStaticApp({ dir: path.join(ROOT, remote.dir, 'dist'), cors: true, env }), ports[remote.name]));
  }
  const originNames = new Map([[`http://127.0.0.1:${ports.shell}`, 'shell']]);
  for (const remote of REMOTES) originNames.set(`http://127.0.0.1:${ports[remote.name]}`, remote.dir);
  return { servers, ports, originNames };
}

/** Loads one route in a fresh profile and returns the JS it downloaded, by origin. */
async function measureRoute(url, originNames) {
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'agentflow-bench-')), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
  try {
    const page = await context.newPage();
    const pending = [];
    const stylesheets = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      // CSS is not part of the JavaScript budget, but it is reported beside it.
      if (type.includes('text/css')) {
        stylesheets.push(response.body().then((body) => gzipSync(body, { level: 6 }).length));
        return;
      }
      if (!type.includes('javascript')) return;
      pending.push(
        response.body().then((body) => ({
          origin: new URL(response.url()).origin,
          file: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(pending);
    const byOrigin = {};
    for (const file of files) {
      const name = originNames.get(file.origin) ?? file.origin;
      byOrigin[name] ??= { files: 0, raw: 0, gzip: 0 };
      byOrigin[name].files++;
      byOrigin[name].raw += file.raw;
      byOrigin[name].gzip += file.gzip;
    }
    const total = files.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), { raw: 0, gzip: 0 });
    const cssGzip = (await Promise.all(stylesheets)).reduce((sum, size) => sum + size, 0);
    return { files: files.length, ...total, cssGzip, byOrigin, list: files };
  } finally {
    await context.close();
  }
}

async function main() {
  const { servers, ports, originNames } = await serveBuilds();
  try {
    const routes = [{ name: 'first view of / (shell + mf-home)', path: '/' }, ...REMOTES.filter((remote) => remote.route !== '/').map((remote) => ({
      name: `first view of ${remote.route.replace('/*', '')} (shell + ${remote.dir})`,
      path: remote.route.replace('/*', ''),
    }))];
    const results = [];
    for (const route of routes) {
      results.push({ ...route, ...(await measureRoute(`http://127.0.0.1:${ports.shell}${route.path}`, originNames)) });
    }
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify({ budgetFirstViewGzip: BUDGET_FIRST_VIEW_GZIP, results }, null, 2));
    } else {
      console.log('JavaScript downloaded by a browser with an empty cache (production builds, gzip level 6):\n');
      for (const result of results) {
        console.log(`${result.name}: ${kB(result.gzip)} gzip (${kB(result.raw)} raw, ${result.files} files); CSS ${kB(result.cssGzip)} gzip`);
        for (const [origin, size] of Object.entries(result.byOrigin)) {
          console.log(`    ${origin.padEnd(14)} ${kB(size.gzip).padStart(10)} gzip  ${kB(size.raw).padStart(10)} raw  ${size.files} files`);
        }
        // --files: every file, largest first, to see what a budget regression is made of.
        if (process.argv.includes('--files')) {
          for (const file of [...result.list].sort((a, b) => b.gzip - a.gzip)) {
            console.log(`        ${kB(file.gzip).padStart(10)}  ${originNames.get(file.origin) ?? file.origin}${file.file}`);
          }
        }
      }
    }
    const first = results[0];
    const verdict = first.gzip <= BUDGET_FIRST_VIEW_GZIP ? 'within' : 'OVER';
    console.log(`\nBudget for /: ${kB(BUDGET_FIRST_VIEW_GZIP)} gzip; measured ${kB(first.gzip)}: ${verdict} budget.`);
    process.exitCode = first.gzip <= BUDGET_FIRST_VIEW_GZIP ? 0 : 1;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

main().catch((error) => {
  console.error(`bench/bundle: ${error.message}`);
  process.exit(1);
});
