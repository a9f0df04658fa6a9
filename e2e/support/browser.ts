// Debian's Chromium driven by playwright-core (no browser download here).
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Google's gapi loader cannot be fetched offline; Firebase's popup flow needs it (see gapiShim.js). */
const GAPI_STAND_IN = readFileSync(path.join(__dirname, 'gapiShim.js'), 'utf8');

export async function launchBrowser(viewport = { width: 1280, height: 800 }, options: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'agentflow-e2e-')), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    locale: options.locale ?? 'en-US',
  });
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
  return context;
}

/** A fresh page that fails the test on any uncaught page error. */
export async function newPage(context: BrowserContext): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}
