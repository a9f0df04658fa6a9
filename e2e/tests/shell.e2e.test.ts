// The shell's shared services in the browser: voice commands through a
// scripted SpeechRecognition, the Radix toasts they raise, and the help sidebar.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { holdClock } from '../support/clock';
import { installScriptedSpeech, removeSpeechRecognition, speak } from '../support/speech';
import { shellUrl } from '../support/stack';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];

async function open(pathname = '/', options: { speech?: 'scripted' | 'none'; viewport?: { width: number; height: number } } = {}) {
  context = await launchBrowser(options.viewport);
  if (options.speech === 'none') await removeSpeechRecognition(context);
  else await installScriptedSpeech(context);
  ({ page, pageErrors } = await newPage(context));
  await page.goto(shellUrl(pathname));
  await page.locator('main h1').first().waitFor();
}

afterEach(async () => {
  expect(pageErrors).toEqual([]);
  await context?.close();
});

const toasts = () => page.locator('[data-testid="toast"]');

describe('voice commands', () => {
  test('a spoken command navigates to the workflows page', async () => {
    await open('/');
    await speak(page, 'open workflows');
    await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/workflows');
    expect(await page.evaluate(() => window.__speech?.lang)).toBe('en-US');
  });

  test('commands follow the interface language: Spanish search, then a spoken switch to German', async () => {
    await open('/');
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('heading', { level: 1, name: 'Automatiza tu negocio con agentes de IA' }).waitFor();
    await speak(page, 'busca flujos de trabajo de facturación');
    await page.waitForURL((url) => url.pathname === '/workflows' && url.searchParams.get('search') === 'facturación');
    expect(await page.evaluate(() => window.__speech?.lang)).toBe('es-ES');
    await speak(page, 'cambiar idioma a alemán');
    await page.getByRole('heading', { level: 1, name: 'Abläufe' }).waitFor();
    await page.getByRole('link', { name: 'Abrechnung' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('de');
  });

  test('"open help" opens the help of the page you are on', async () => {
    await open('/billing');
    await speak(page, 'open help');
    await page.getByTestId('help-sidebar').waitFor();
    expect(await page.getByTestId('help-sidebar').getAttribute('data-topic')).toBe('billing');
  });

  test('unrecognised speech shows what was heard and two example commands', async () => {
    await open('/');
    await speak(page, 'bake me a cake');
    await expect_text(toasts().first(), 'Command not recognised');
    await expect_text(toasts().first(), 'We heard “bake me a cake”. Try “open workflows” or “search workflows for invoices”.');
  });

  test('without SpeechRecognition the microphone is hidden and the voice help says why', async () => {
    await open('/', { speech: 'none' });
    expect(await page.getByTestId('voice-button').count()).toBe(0);
    await page.getByRole('button', { name: 'How voice commands work' }).click();
    await page.getByTestId('voice-unsupported').waitFor();
    expect(await page.getByTestId('voice-unsupported').textContent()).toMatch(/Chrome|Edge|Safari/);
  });
});

describe('toasts', () => {
  test('one toast at a time: a second replaces the first', async () => {
    await open('/');
    await speak(page, 'first unknown phrase');
    await expect_text(toasts().first(), 'first unknown phrase');
    await speak(page, 'second unknown phrase');
    await expect_text(toasts().first(), 'second unknown phrase');
    expect(await toasts().count()).toBe(1);
  });

  test('closes by itself after 5000 ms', async () => {
    await open('/');
    await holdClock(page);
    await speak(page, 'something odd');
    await toasts().first().waitFor();
    await page.clock.runFor(4_900);
    expect(await toasts().count()).toBe(1);
    await page.clock.runFor(200);
    await toasts().first().waitFor({ state: 'detached' });
  });

  test('F8 moves focus to the notification region', async () => {
    await open('/');
    await speak(page, 'something odd');
    await toasts().first().waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return { label: active?.getAttribute('aria-label') ?? active?.closest('[aria-label]')?.getAttribute('aria-label'), inToasts: Boolean(active?.closest('.toast-viewport')) };
    });
    expect(focused).toEqual({ label: 'Notifications (F8)', inToasts: true });
  });

  test('a swipe to the right of 50 px or more dismisses; a shorter one does not', async () => {
    await open('/');
    await holdClock(page); // hold the 5 s timer still while swiping
    await speak(page, 'swipe me');
    const toast = toasts().first();
    await toast.waitFor();
    const swipe = async (distance: number) => {
      const box = await toast.boundingBox();
      if (!box) throw new Error('the toast has no box');
      const y = box.y + box.height / 2;
      const x = box.x + 20;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + distance, y, { steps: 10 });
      await page.mouse.up();
    };
    await swipe(30);
    await page.clock.runFor(500);
    expect(await toast.getAttribute('data-state')).toBe('open');
    await swipe(80);
    await toast.waitFor({ state: 'detached' });
  });
});

describe('help sidebar', () => {
  test('opens from the page help button by mouse and closes with its close button', async () => {
    await open('/workflows');
    await page.getByTestId('help-button').click();
    const sidebar = page.getByTestId('help-sidebar');
    await sidebar.waitFor();
    expect(await sidebar.getAttribute('data-topic')).toBe('workflows');
    expect(await page.getByRole('dialog').getAttribute('aria-labelledby')).toBeTruthy();
    await page.getByRole('button', { name: 'Close help' }).click();
    await sidebar.waitFor({ state: 'detached' });
  });

  test('works from the keyboard: Enter opens, Escape closes, focus returns to the help button', async () => {
    await open('/');
    const helpButton = page.getByTestId('help-button');
    await helpButton.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('help-sidebar').waitFor();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="help-sidebar"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('help-sidebar').waitFor({ state: 'detached' });
    expect(await helpButton.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  test('is translated', async () => {
    await open('/billing');
    await page.getByLabel('Language').selectOption('it');
    await page.getByRole('button', { name: 'Aiuto' }).click();
    await page.getByRole('button', { name: 'Chiudi l’aiuto' }).waitFor();
  });
});

async function expect_text(locator: ReturnType<Page['locator']>, text: string) {
  await locator.waitFor();
  await page.waitForFunction(
    ({ selector, expected }) => [...document.querySelectorAll(selector)].some((element) => element.textContent?.includes(expected)),
    { selector: '[data-testid="toast"]', expected: text },
  );
  expect(await locator.textContent()).toContain(text);
}
