// The token meter in the browser: a new user starts with 100 tokens, a voice
// command is charged (the header count drops), and the Usage page charts it
// on today's label for each period.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { installScriptedSpeech, speak } from '../support/speech';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  context = await launchBrowser();
  await installScriptedSpeech(context);
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
});

const tokenCount = () => page.getByTestId('token-count');
const lastPoint = async () => {
  const rows = page.getByTestId('usage-points').locator('tbody tr');
  const cells = await rows.last().locator('td, th').allTextContents();
  return cells.map((cell) => cell.trim());
};

test('a new user sees 100 tokens in the header', async () => {
  await signUpThroughPage(page, { email: freshEmail('meter'), password: 'meter-password-1', displayName: 'Meter Reader' });
  await tokenCount().waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="token-count"]')?.textContent?.includes('100 tokens'));
});

test('a voice command is charged one token: the header count drops to 99', async () => {
  await page.goto(shellUrl('/'));
  await page.waitForFunction(() => document.querySelector('[data-testid="token-count"]')?.textContent?.includes('100 tokens'));
  await speak(page, 'open workflows');
  await page.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="token-count"]')?.textContent?.includes('99 tokens'));
});

test("the Usage chart shows today's entry, and the week/month/year switch changes the labels", async () => {
  await tokenCount().click();
  await page.waitForURL((url) => url.pathname === '/billing/usage');
  await page.getByTestId('usage-chart').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="usage-used"]')?.textContent?.includes('1 of 100'));

  const today = await page.evaluate(() => {
    const now = new Date();
    return {
      month: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(now),
      week: new Intl.DateTimeFormat('en-US', { weekday: 'short' }).format(now),
      year: new Intl.DateTimeFormat('en-US', { month: 'short' }).format(now),
    };
  });
  const labelsFor = async (period: 'week' | 'month' | 'year') => {
    await page.locator(`[data-testid="usage-points"][data-period="${period}"]`).waitFor();
    await page.waitForFunction(
      ({ wanted }) => {
        const rows = document.querySelectorAll('[data-testid="usage-points"] tbody tr');
        const last = rows[rows.length - 1];
        return last?.textContent?.includes(wanted) ?? false;
      },
      { wanted: today[period] },
    );
    expect(await lastPoint()).toEqual([today[period], '1']);
    return page.getByTestId('usage-points').locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.firstElementChild?.textContent?.trim()));
  };

  const month = await labelsFor('month');
  await page.getByRole('radio', { name: 'Week' }).check();
  const week = await labelsFor('week');
  // The chart itself draws today's bar label (every weekday fits on the axis).
  await page.waitForFunction(
    (wanted) => [...document.querySelectorAll('[data-testid="usage-chart"] svg text')].some((text) => text.textContent?.trim() === wanted),
    today.week,
  );
  await page.getByRole('radio', { name: 'Year' }).check();
  const year = await labelsFor('year');
  expect(week).toHaveLength(7);
  expect(year).toHaveLength(12);
  expect(month.length).toBeGreaterThanOrEqual(28);
  expect(new Set([week.join(), month.join(), year.join()]).size).toBe(3);
  expect(pageErrors).toEqual([]);
});
