// The landing page in the browser: every visible string follows the language,
// and it lays out at phone and desktop widths.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { shellUrl } from '../support/stack';

let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await launchBrowser();
  ({ page } = await newPage(context));
});

afterEach(async () => {
  await context.close();
});

/** Every visible text of the header and the page, in document order (the switcher's language names excluded). */
function visibleTexts(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const texts: string[] = [];
    for (const root of [document.querySelector('header'), document.querySelector('main')]) {
      if (!root) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!text || !parent || parent.closest('option, select')) continue;
        const style = getComputedStyle(parent);
        if (style.display === 'none' || style.visibility === 'hidden' || parent.closest('.visually-hidden')) continue;
        texts.push(text);
      }
    }
    return texts;
  });
}

/** Texts that are the same in every language: the brand, and strings without letters (emoji, separators). */
const sameEverywhere = (text: string) => text === 'Agentflow' || !/\p{L}/u.test(text);

test.each([
  ['es', 'Automatiza tu negocio con agentes de IA'],
  ['fr', 'Automatisez votre entreprise avec des agents IA'],
  ['de', 'Automatisieren Sie Ihr Unternehmen mit KI-Agenten'],
  ['it', 'Automatizza la tua azienda con agenti IA'],
])('every visible string of the home page changes in %s', async (language, heading) => {
  await page.goto(shellUrl('/'));
  await page.getByRole('heading', { level: 1, name: 'Automate your business with AI agents' }).waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).waitFor(); // the guest's view is complete
  const english = await visibleTexts(page);
  expect(english.length).toBeGreaterThan(15);

  await page.getByRole('combobox').first().selectOption(language);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  const translated = await visibleTexts(page);
  expect(translated).toHaveLength(english.length);
  const unchanged = english.filter((text, index) => !sameEverywhere(text) && translated[index] === text);
  expect(unchanged).toEqual([]);
});

test.each([
  [360, 740],
  [1280, 800],
])('at %i px the landing page fits its width and Learn More reaches the features', async (width, height) => {
  await page.setViewportSize({ width, height });
  await page.goto(shellUrl('/'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('link', { name: 'Learn More' }).click();
  const features = page.getByRole('heading', { level: 2, name: 'What you can do with Agentflow' });
  await features.waitFor();
  // Scrolled into view: the features heading is within the viewport.
  await page.waitForFunction(() => {
    const box = document.getElementById('features-title')?.getBoundingClientRect();
    return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
  });
  await page.screenshot({ path: `${process.cwd()}/.agentflow/home-${width}.png`, fullPage: true });
});

test('an industry card leads to that industry’s workflows', async () => {
  await page.goto(shellUrl('/'));
  await page.getByRole('link', { name: 'Logistics' }).click();
  await page.waitForURL((url) => url.pathname === '/workflows' && url.searchParams.get('industry') === 'logistics');
  await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
});

describe('the starting language', () => {
  async function headingIn(locale: string, prepare?: (target: Page) => Promise<void>): Promise<{ heading: string; lang: string }> {
    const browser = await launchBrowser(undefined, { locale });
    try {
      const { page: target } = await newPage(browser);
      await target.goto(shellUrl('/'));
      await prepare?.(target);
      const heading = target.getByRole('heading', { level: 1 });
      await heading.waitFor();
      return { heading: (await heading.textContent()) ?? '', lang: await target.evaluate(() => document.documentElement.lang) };
    } finally {
      await browser.close();
    }
  }

  test('follows the browser language when it is supported (fr-FR -> French, es-MX -> Spanish)', async () => {
    expect(await headingIn('fr-FR')).toEqual({ heading: 'Automatisez votre entreprise avec des agents IA', lang: 'fr' });
    expect(await headingIn('es-MX')).toEqual({ heading: 'Automatiza tu negocio con agentes de IA', lang: 'es' });
  });

  test('falls back to English for an unsupported browser language', async () => {
    expect(await headingIn('ja-JP')).toEqual({ heading: 'Automate your business with AI agents', lang: 'en' });
  });

  test('a saved choice wins over the browser language, across reloads', async () => {
    const result = await headingIn('fr-FR', async (target) => {
      await target.getByRole('heading', { level: 1, name: 'Automatisez votre entreprise avec des agents IA' }).waitFor();
      await target.getByRole('combobox').first().selectOption('it');
      await target.getByRole('heading', { level: 1, name: 'Automatizza la tua azienda con agenti IA' }).waitFor();
      expect(await target.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('it');
      await target.reload();
    });
    expect(result).toEqual({ heading: 'Automatizza la tua azienda con agenti IA', lang: 'it' });
  });
});
