#!/usr/bin/env node
// Static delivery benchmark: builds nothing. Serves the existing production
// builds (*/dist) with the static server behind `npm start`, opens `/` in
// headless Chromium to learn which files its first view downloads, then asks
// the server for each of them as a browser would (identity, gzip, br) and
// prints the bytes on the wire and the time to first byte. It also checks the
// caching of every built file (hashed: immutable; entry files: no-cache with
// an ETag that revalidates to 304), and on /workflows/:id (a stored session,
// the sign-in back ends answering only after AUTH_DELAY_MS) when the builder's
// chunk is requested relative to the sign-in.
//   node bench/static.mjs [--dist '/tmp/builds/{app}-dist'] [--json]
import http from 'node:http';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { REMOTES } from '@agentflow/shared/contract';
import { cacheControlFor, createStaticApp, listen } from '@agentflow/shared/static-server';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const BASE_PORT = 3300; // clear of npm start (3000+), the e2e stack (3100+) and bench/bundle (3200+)
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ENCODINGS = ['identity', 'gzip', 'br'];
const TTFB_SAMPLES = 25;
const AUTH_DELAY_MS = 1500;
/** A string only React Flow's code holds: marks the builder's chunk (as in bench/bundle.mjs). */
const XYFLOW_MARKER = 'react-flow__pane';

const { values } = parseArgs({ options: { dist: { type: 'string', default: path.join(ROOT, '{app}', 'dist') }, json: { type: 'boolean', default: false } } });
const distOf = (app) => values.dist.replaceAll('{app}', app);
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function serveBuilds() {
  const ports = { shell: BASE_PORT };
  const env = { ...process.env };
  REMOTES.forEach((remote, index) => {
    ports[remote.name] = BASE_PORT + 1 + index;
    env[remote.envVar] = `http://127.0.0.1:${ports[remote.name]}/mf-manifest.json`;
  });
  const apps = [{ app: 'shell', port: ports.shell, options: { shell: true } }, ...REMOTES.map((remote) => ({ app: remote.dir, port: ports[remote.name], options: { cors: true } }))];
  const servers = [];
  for (const { app, port, options } of apps) servers.push(await listen(createStaticApp({ dir: distOf(app), env, ...options }), port));
  return { servers, apps, shellOrigin: `http://127.0.0.1:${ports.shell}` };
}

/** One GET with exactly these headers: status, headers, bytes on the wire (not decoded), ms to the first byte and in all. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    // A fresh connection each time, as a first visit opens them.
    const request = http.get(url, { headers, agent: false }, (response) => {
      const ttfb = ms();
      let bytes = 0;
      response.on('data', (part) => (bytes += part.length));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, bytes, ttfb, total: ms() }));
    });
    request.on('error', reject);
  });
}

async function launch() {
  return chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'agentflow-static-bench-')), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
}

/** The URLs `/`'s first view downloads from our servers (document, scripts, styles, JSON). */
async function firstViewUrls(shellOrigin, origins) {
  const context = await launch();
  try {
    const page = await context.newPage();
    const urls = new Set();
    page.on('request', (request) => {
      if (origins.has(new URL(request.url()).origin)) urls.add(request.url());
    });
    await page.goto(`${shellOrigin}/`, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return { ttfb: navigation.responseStart - navigation.requestStart, domContentLoaded: navigation.domContentLoadedEventEnd };
    });
    return { urls: [...urls].filter((url) => !url.endsWith('.map')), timing };
  } finally {
    await context.close();
  }
}

/** When the builder's chunk is requested on /workflows/:id while sign-in answers take AUTH_DELAY_MS. */
async function builderOrder(shellOrigin) {
  const context = await launch();
  try {
    const appConfig = await (await fetch(`${shellOrigin}/app-config.json`)).json();
    const key = `firebase:authUser:${appConfig.firebase.apiKey}:[DEFAULT]`;
    const user = {
      uid: 'bench-user', email: 'bench@example.com', emailVerified: true, isAnonymous: false, providerData: [],
      stsTokenManager: { refreshToken: 'bench', accessToken: 'bench', expirationTime: Date.now() + 3_600_000 },
      createdAt: String(Date.now()), lastLoginAt: String(Date.now()), apiKey: appConfig.firebase.apiKey, appName: '[DEFAULT]',
    };
    await context.addInitScript(([name, value]) => globalThis.localStorage.setItem(name, value), [key, JSON.stringify(user)]);
    const backEnds = [appConfig.emulators?.auth, appConfig.emulators?.firestore].filter(Boolean).map((address) => (address.includes('://') ? new URL(address).host : address));
    let firstBackEndCall = null;
    const started = Date.now();
    await context.route(
      (url) => backEnds.includes(url.host) || /(^|\.)(googleapis\.com|firebaseapp\.com)$/.test(url.hostname),
      async (route) => {
        firstBackEndCall ??= Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, AUTH_DELAY_MS));
        await route.abort().catch(() => undefined);
      },
    );
    const page = await context.newPage();
    const requested = new Map();
    page.on('request', (request) => requested.set(request.url(), Date.now() - started));
    const builder = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      builder.push(response.body().then((body) => (body.includes(XYFLOW_MARKER) ? response.url() : null), () => null));
    });
    await page.goto(`${shellOrigin}/workflows/bench-workflow`, { waitUntil: 'networkidle' });
    await page.locator('[data-testid="builder-canvas"], .builder-message').first().waitFor({ timeout: 60_000 });
    const builderUrl = (await Promise.all(builder)).find(Boolean);
    const remoteEntry = [...requested.keys()].find((url) => url.endsWith('/remoteEntry.js') && url.includes(String(BASE_PORT + 2)));
    return {
      authDelayMs: AUTH_DELAY_MS,
      firstBackEndCallMs: firstBackEndCall,
      remoteEntryRequestedMs: remoteEntry ? requested.get(remoteEntry) : null,
      builderChunkRequestedMs: builderUrl ? requested.get(builderUrl) : null,
    };
  } finally {
    await context.close();
  }
}

/** Every built file (not maps, licences or compressed copies) that is neither immutable nor revalidated. */
function cachingGaps(apps) {
  const gaps = [];
  const walk = (dir, app) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file, app);
      else if (!/\.(map|br|gz)$|LICENSE\.txt$|^mf-manifest-stats\.json$/.test(name) && !cacheControlFor(name)) gaps.push(`${app}/${path.relative(distOf(app), file)}`);
    }
  };
  for (const { app } of apps) walk(distOf(app), app);
  return gaps;
}

async function main() {
  const { servers, apps, shellOrigin } = await serveBuilds();
  try {
    const origins = new Set(apps.map(({ port }) => `http://127.0.0.1:${port}`));
    const { urls, timing } = await firstViewUrls(shellOrigin, origins);
    const totals = Object.fromEntries(ENCODINGS.map((encoding) => [encoding, { all: 0, js: 0, encoded: 0 }]));
    for (const url of urls) {
      for (const encoding of ENCODINGS) {
        const response = await rawGet(url, { 'Accept-Encoding': encoding });
        totals[encoding].all += response.bytes;
        if (/javascript/.test(response.headers['content-type'] ?? '')) totals[encoding].js += response.bytes;
        if (response.headers['content-encoding'] === encoding) totals[encoding].encoded++;
      }
    }
    const largest = (await Promise.all(urls.map(async (url) => ({ url, bytes: (await rawGet(url)).bytes })))).sort((a, b) => b.bytes - a.bytes)[0];
    const ttfb = {};
    for (const [label, url] of [['/', `${shellOrigin}/`], ['largest first-view file', largest.url]]) {
      ttfb[label] = {};
      for (const encoding of ENCODINGS) {
        const samples = [];
        for (let index = 0; index < TTFB_SAMPLES; index++) samples.push(await rawGet(url, { 'Accept-Encoding': encoding }));
        ttfb[label][encoding] = { ttfbMs: median(samples.map((sample) => sample.ttfb)), totalMs: median(samples.map((sample) => sample.total)), bytes: samples[0].bytes };
      }
    }
    // Entry files revalidate: an ETag, and 304 when it still matches.
    const revalidation = {};
    for (const url of [`${shellOrigin}/`, ...urls.filter((url) => /\/(remoteEntry\.js|mf-manifest\.json)$/.test(url))]) {
      const first = await rawGet(url, { 'Accept-Encoding': 'br' });
      const again = await rawGet(url, { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag ?? '' });
      revalidation[url] = `${first.headers['cache-control']}, ${again.status}`;
    }
    const gaps = cachingGaps(apps);
    const order = await builderOrder(shellOrigin);
    const result = { files: urls.length, totals, largest: largest.url, ttfb, chromium: timing, revalidation, cachingGaps: gaps, builderOrder: order };
    if (values.json) {
      console.log(JSON.stringify(result, null, 2));
      return;
    }
    console.log(`First view of / (${urls.length} files: document, scripts, styles, JSON) as sent by the static server:`);
    for (const encoding of ENCODINGS) {
      const { all, js, encoded } = totals[encoding];
      console.log(`  Accept-Encoding ${encoding.padEnd(8)} ${kB(all).padStart(10)} in all, ${kB(js).padStart(10)} of JavaScript (${encoded} files sent ${encoding})`);
    }
    console.log(`Time to first byte, median of ${TTFB_SAMPLES} fresh connections (first byte / whole response):`);
    for (const [label, byEncoding] of Object.entries(ttfb)) {
      console.log(`  ${label}${label === '/' ? '' : ` (${new URL(largest.url).pathname})`}:`);
      for (const [encoding, sample] of Object.entries(byEncoding)) console.log(`    ${encoding.padEnd(8)} ${sample.ttfbMs.toFixed(2)} ms / ${sample.totalMs.toFixed(2)} ms, ${kB(sample.bytes)}`);
    }
    console.log(`Chromium, /: time to first byte ${timing.ttfb.toFixed(1)} ms, DOMContentLoaded at ${timing.domContentLoaded.toFixed(0)} ms`);
    console.log('Entry files (Cache-Control, status of a revalidation with the ETag):');
    for (const [url, verdict] of Object.entries(revalidation)) console.log(`  ${url}: ${verdict}`);
    console.log(gaps.length === 0 ? 'Caching: every built file is immutable (hashed) or an entry file (no-cache).' : `Caching: unhashed public files, revalidated by express.static's default (max-age=0 + ETag): ${gaps.join(', ')}`);
    console.log(
      `Builder (/workflows/:id, sign-in answers after ${order.authDelayMs} ms): first sign-in call at ${order.firstBackEndCallMs} ms, ` +
        `mf-workflows remoteEntry.js requested at ${order.remoteEntryRequestedMs} ms, builder chunk requested at ${order.builderChunkRequestedMs} ms ` +
        `(${order.builderChunkRequestedMs !== null && order.firstBackEndCallMs !== null && order.builderChunkRequestedMs < order.firstBackEndCallMs + order.authDelayMs ? 'before' : 'after'} the sign-in answered).`,
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

main().catch((error) => {
  console.error(`bench/static: ${error.message}`);
  process.exit(1);
});
