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

export interface BrowserOptions {
  locale?: string;
  userAgent?: string;
  /**
   * 'dismissed' (default) starts like a visitor who chose Maybe Later, so the
   * install modal never covers a page under test; 'fresh' is a first visit.
   */
  installPrompt?: 'dismissed' | 'fresh';
  /** A phone or tablet: touch events (tap) and a mobile viewport. */
  touch?: boolean;
  /** The profile directory's name prefix (default agentflow-e2e-). */
  profilePrefix?: string;
}

export async function launchBrowser(viewport = { width: 1280, height: 800 }, options: BrowserOptions = {}): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), options.profilePrefix ?? 'agentflow-e2e-')), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    locale: options.locale ?? 'en-US',
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if ((options.installPrompt ?? 'dismissed') === 'dismissed') {
    await context.addInitScript(() => window.localStorage.setItem('pwa-prompt-dismissed', 'true'));
  }
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
