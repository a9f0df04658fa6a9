// Copying a catalogue template: how the run and credential journeys get a workflow of their own.
import type { Page } from 'playwright-core';
import { shellUrl } from './stack';

/**
 * Searches the templates, copies the first match with "Use template" (on the
 * card, then in its preview) and waits for the builder; resolves with the copy's path (/workflows/<id>).
 */
export async function copyTemplate(page: Page, search: string): Promise<string> {
  await page.goto(shellUrl(`/workflows?tab=templates&search=${encodeURIComponent(search)}`));
  await page.getByTestId('workflow-card').first().getByRole('button', { name: /^Use template:/ }).click();
  // The preview says what the template does; its own button copies it.
  await page.getByTestId('template-preview').getByRole('button', { name: 'Use template' }).click();
  await page.waitForURL((url) => /^\/workflows\/[^/]+$/.test(url.pathname));
  const workflowPath = new URL(page.url()).pathname;
  await page.getByTestId('builder-canvas').waitFor();
  return workflowPath;
}
