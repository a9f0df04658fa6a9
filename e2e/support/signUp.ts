// Creating an account through the sign-up page: the first step of most journeys.
import type { Page } from 'playwright-core';
import { shellUrl } from './stack';

export interface NewAccount {
  email: string;
  password: string;
  displayName: string;
}

/** A fresh e-mail per run, so reruns against the same emulator never collide. */
export function freshEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}@example.com`;
}

/**
 * Fills and submits the sign-up form and waits until the shell has left
 * /signup. `press: 'tap'` submits by touch, for pages opened with hasTouch.
 */
export async function signUpThroughPage(page: Page, account: NewAccount, press: 'click' | 'tap' = 'click'): Promise<void> {
  await page.goto(shellUrl('/signup'));
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Display name').fill(account.displayName);
  const submit = page.getByRole('button', { name: 'Create account' });
  await (press === 'tap' ? submit.tap() : submit.click());
  await page.waitForURL((url) => url.pathname !== '/signup');
}
