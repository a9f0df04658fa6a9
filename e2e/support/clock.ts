// A page clock that moves only when the test moves it.
import type { Page } from 'playwright-core';

/** How far pauseAt jumps after install; far more than the wall time between the two calls, even under CI load. */
const PAUSE_AHEAD_MS = 5_000;

/**
 * Playwright's `clock.install()` alone keeps the fake time flowing with the
 * wall clock, so a slow CI machine lets a 300 ms timer fire between a click
 * and the check that it has not fired yet. Pausing right after installing
 * makes `runFor` the only thing that advances time. Call it before the action
 * whose timers the test steps through (timers already pending are fired once
 * by the jump).
 */
export async function holdClock(page: Page): Promise<void> {
  const time = Date.now();
  await page.clock.install({ time });
  await page.clock.pauseAt(time + PAUSE_AHEAD_MS);
}
