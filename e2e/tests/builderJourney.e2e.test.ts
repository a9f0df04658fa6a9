// Issue 19's "Must show" in Chromium: a new user starts a blank workflow with
// a manual trigger and two inputs, adds a Transform and an Output from the
// searchable palette, maps both inputs with the field picker (no reference is
// typed), tests the transform and pins its output, maps the output from it
// with a live preview, runs the workflow and sees every step succeed on the
// run graph, moves it to the trash and restores it. At 1280×800, on a phone
// (390×844: read-only canvas, step list, sheets) and in German, where every
// screen is scanned for English catalog texts. The steps live in
// support/builderJourney.ts; SHOTS_DIR=<dir> keeps screenshots of each step.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { builderJourney, desktop, newJourney, phone, type Device, type Journey } from '../support/builderJourney';

// Sign-up, a step test, a run and the trash: longer than one default test.
jest.setTimeout(180_000);

if (process.env.SHOTS_DIR) mkdirSync(process.env.SHOTS_DIR, { recursive: true });

let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A phone as the tablet test makes one: touch, mobile viewport. */
function launchPhone(): Promise<BrowserContext> {
  return launchBrowser({ width: 390, height: 844 }, { touch: true, profilePrefix: 'agentflow-e2e-phone-' });
}

/** Runs the journey; the test fails with every gap found on the way, then with the page errors. */
async function journeyOn(device: Device, language: string, shotPrefix: string): Promise<Journey> {
  const { page, pageErrors } = await newPage(context!);
  const journey = await newJourney(page, device, language, shotPrefix);
  try {
    await builderJourney(journey);
  } catch (error) {
    // The step that broke is the error; the gaps met before it are said with it.
    if (journey.gaps.length > 0) (error as Error).message += `\n\nGaps met before this step:\n${journey.gaps.join('\n')}`;
    const english = journey.englishCheck?.found ?? [];
    if (english.length > 0) (error as Error).message += `\n\nEnglish seen before this step:\n${english.join('\n')}`;
    await page.screenshot({ path: path.join(process.env.SHOTS_DIR || os.tmpdir(), `${shotPrefix}-failed.png`) }).catch(() => undefined);
    throw error;
  }
  expect({ gaps: journey.gaps, englishLeft: journey.englishCheck?.found ?? [], pageErrors }).toEqual({ gaps: [], englishLeft: [], pageErrors: [] });
  return journey;
}

test('at 1280×800: blank workflow, palette search, picker mapping, test and pin, run on the graph, trash and restore', async () => {
  context = await launchBrowser({ width: 1280, height: 800 });
  await journeyOn(desktop, 'en', 'desktop');
});

test('on a phone (390×844): the same journey through the step list and the sheets', async () => {
  context = await launchPhone();
  await journeyOn(phone, 'en', 'phone');
});

test('in German: the same journey shows no English catalog text on any screen', async () => {
  context = await launchBrowser({ width: 1280, height: 800 }, { locale: 'de-DE' });
  // Before the app loads: the reader chose German.
  await context.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'de'));
  const journey = await journeyOn(desktop, 'de', 'de');
  expect(journey.englishCheck?.english.length).toBeGreaterThan(100);
});
