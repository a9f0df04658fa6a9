// The installable app: the install widget's flow with synthetic
// beforeinstallprompt events, Chromium's own installability check, offline
// reloads served by the service worker, and the "new version" toast.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { holdClock } from '../support/clock';
import { shellUrl, startRemote, stopRemote } from '../support/stack';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PHONE = { width: 390, height: 844 };

let context: BrowserContext;
let page: Page;
let pageErrors: string[];

afterEach(async () => {
  expect(pageErrors).toEqual([]);
  await context?.close();
});

async function start(options: { viewport?: { width: number; height: number }; userAgent?: string } = {}) {
  context = await launchBrowser(options.viewport, { installPrompt: 'fresh', userAgent: options.userAgent });
  // Only the test's synthetic events reach the app: Chromium's own (trusted)
  // beforeinstallprompt would start the 3 s timer at a moment the test does not control.
  await context.addInitScript(() => {
    window.addEventListener('beforeinstallprompt', (event) => {
      if (event.isTrusted) event.stopImmediatePropagation();
    }, { capture: true });
  });
  ({ page, pageErrors } = await newPage(context));
}

/** Dispatches a beforeinstallprompt whose prompt() answers `outcome`. */
async function offerInstall(outcome: 'accepted' | 'dismissed') {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      platforms: ['web'],
      prompt: async () => {
        (window as unknown as { __prompted: number }).__prompted = ((window as unknown as { __prompted?: number }).__prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

const modal = () => page.getByTestId('install-modal');

async function waitForServiceWorkerControl() {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

describe('install widget', () => {
  test('a held beforeinstallprompt opens the modal after 3 s; Maybe Later is remembered across reloads', async () => {
    await start();
    await page.goto(shellUrl('/'));
    await page.locator('main h1').waitFor();
    await holdClock(page);
    await offerInstall('dismissed');
    await page.clock.runFor(2_900);
    expect(await modal().count()).toBe(0);
    await page.clock.runFor(100);
    await modal().waitFor();
    for (const text of ['Install Agentflow', 'Works offline - use anywhere', 'Voice commands on the go', 'Instant access, no app store needed']) {
      expect(await modal().textContent()).toContain(text);
    }
    expect(await modal().getByText('Add to Home Screen').count()).toBe(0); // the iOS hint is for iOS only

    await modal().getByRole('button', { name: 'Maybe Later' }).click();
    await modal().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('pwa-prompt-dismissed'))).not.toBeNull();

    await page.reload();
    await page.locator('main h1').waitFor();
    await holdClock(page);
    await offerInstall('dismissed');
    await page.clock.runFor(10_000);
    expect(await modal().count()).toBe(0);
  });

  test('accepting the browser prompt marks the app installed and hides the widget (floating button included)', async () => {
    await start({ viewport: PHONE });
    await page.goto(shellUrl('/'));
    await page.locator('main h1').waitFor();
    await offerInstall('accepted');
    const fab = page.getByTestId('install-fab');
    await fab.click();
    await modal().waitFor();
    await modal().getByRole('button', { name: 'Install Now' }).click();
    await modal().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);
    expect(await fab.count()).toBe(0);
  });

  test('without a held event, Install Now sends the visitor to the install instructions', async () => {
    await start({ viewport: PHONE });
    await page.goto(shellUrl('/'));
    await page.locator('main h1').waitFor();
    await page.getByTestId('install-fab').click();
    await modal().getByRole('button', { name: 'Install Now' }).click();
    await page.waitForURL((url) => url.pathname === '/pwa/install-instructions' && url.search === '');
    await page.getByRole('heading', { level: 1, name: 'Install Agentflow' }).waitFor();
  });

  test('on iOS the modal opens by itself after 3 s with the Share hint; Install Now goes to the iOS steps after 300 ms', async () => {
    await start({ viewport: PHONE, userAgent: IPHONE_UA });
    await page.goto(shellUrl('/'));
    await modal().waitFor({ timeout: 15_000 });
    // The modal appeared no sooner than 3 s after the page started.
    expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(3_000);
    expect(await modal().getAttribute('data-platform')).toBe('ios');
    expect(await modal().textContent()).toContain('Tap the share icon, then “Add to Home Screen”.');

    await holdClock(page);
    await modal().getByRole('button', { name: 'Install Now' }).click();
    await modal().waitFor({ state: 'detached' });
    await page.clock.runFor(250);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.clock.runFor(60);
    await page.waitForURL((url) => url.pathname === '/pwa/install-instructions' && url.searchParams.get('platform') === 'ios');
    expect(await page.locator('section[data-platform]').getAttribute('data-platform')).toBe('ios');
  });
});

describe('installable, offline-capable app', () => {
  test('the manifest passes Chromium’s installability check', async () => {
    await start();
    await page.goto(shellUrl('/'));
    await page.locator('main h1').waitFor();
    await waitForServiceWorkerControl();
    const manifest = await (await page.request.get(shellUrl('/manifest.webmanifest'))).json();
    expect(manifest).toMatchObject({ name: 'Agentflow', short_name: 'Agentflow', display: 'standalone', start_url: expect.any(String) });
    const icons = manifest.icons as Array<{ sizes: string; purpose?: string }>;
    for (const size of ['192x192', '512x512']) {
      expect(icons.some((icon) => icon.sizes === size && (icon.purpose ?? 'any').includes('any'))).toBe(true);
      expect(icons.some((icon) => icon.sizes === size && icon.purpose?.includes('maskable'))).toBe(true);
    }
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
  });

  test('after one online visit, the shell, home and workflows pages open with the network off; the catalogue shows the templates seen online', async () => {
    await start();
    await page.goto(shellUrl('/'));
    await page.locator('main h1').waitFor();
    await waitForServiceWorkerControl();
    // The online visit to the catalogue: a guest sees the templates (and the app saves them on the device).
    await page.goto(shellUrl('/workflows'));
    const cards = page.getByTestId('workflow-card');
    await cards.first().waitFor();
    const cardNames = () => cards.locator('h2').allTextContents();
    const seenOnline = await cardNames();
    expect(seenOnline.length).toBeGreaterThanOrEqual(12);
    expect(await page.getByTestId('catalogue-offline').count()).toBe(0);
    const offlineNotice = page.getByTestId('catalogue-offline');
    /** The catalogue offline: the notice, and the very templates seen online. */
    const expectSavedTemplates = async () => {
      await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
      await offlineNotice.waitFor({ timeout: 15_000 });
      expect(await offlineNotice.textContent()).toContain("You're offline — showing workflows saved on this device");
      expect(await offlineNotice.getByRole('button', { name: 'Try again' }).count()).toBe(1);
      expect(await cardNames()).toEqual(seenOnline);
      expect(await page.getByTestId('catalogue-error').count()).toBe(0);
    };
    // Offline for real: the browser has no network and the remotes' servers are down too.
    await stopRemote('mf_home');
    await stopRemote('mf_workflows');
    try {
      await context.setOffline(true);
      await page.goto(shellUrl('/workflows'));
      await expectSavedTemplates();
      await page.reload();
      await expectSavedTemplates();
      // Try again, still offline: the saved templates stay.
      await offlineNotice.getByRole('button', { name: 'Try again' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="catalogue-offline"] button')?.hasAttribute('disabled') === false);
      await expectSavedTemplates();
      await page.goto(shellUrl('/'));
      await page.getByRole('heading', { level: 1, name: 'Automate your business with AI agents' }).waitFor();
      await page.getByRole('link', { name: 'Workflows' }).first().click();
      await expectSavedTemplates();
    } finally {
      await context.setOffline(false);
      await startRemote('mf_home');
      await startRemote('mf_workflows');
    }
  });

  test('when a new service worker is waiting, a toast offers to reload into it', async () => {
    await start();
    await page.goto(shellUrl('/'));
    await page.locator('main h1').waitFor();
    await waitForServiceWorkerControl();
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // A deploy: the served sw.js changes.
    const swPath = path.resolve(__dirname, '../../shell/dist/sw.js');
    const original = readFileSync(swPath, 'utf8');
    writeFileSync(swPath, `${original}\n// redeployed ${Date.now()}\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const toast = page.getByTestId('toast');
      await toast.getByText('A new version of Agentflow is available').waitFor({ timeout: 30_000 });
      const reloaded = page.waitForEvent('load');
      await toast.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.locator('main h1').waitFor();
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(registration?.waiting), controller: navigator.serviceWorker.controller?.scriptURL };
      });
      expect(state).toEqual({ waiting: false, controller: firstWorker });
    } finally {
      writeFileSync(swPath, original);
    }
  });
});
