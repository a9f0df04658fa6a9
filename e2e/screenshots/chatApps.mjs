// Screenshots of the chat apps pages (issue 23) at 1280×800 and 390×844, on
// an in-memory client (mf-workflows/src/testing/chatAppsScreenshotHarness.tsx):
// no stack, no standard port (harnessPages.mjs bundles, serves on PORT, default 18791, and drives Chromium).
//   node e2e/screenshots/chatApps.mjs [outDir]   (default /tmp/chat-apps-shots)
import path from 'node:path';
import { screenshotHarness } from './harnessPages.mjs';

const shots = await screenshotHarness({
  entry: './src/testing/chatAppsScreenshotHarness.tsx',
  outDir: path.resolve(process.argv[2] ?? '/tmp/chat-apps-shots'),
  port: Number(process.env.PORT ?? 18791),
  shoot: async ({ page, go, shot }) => {
    await go('', 'chat-apps-page');
    await page.getByText('Harbour Homes assistant').waitFor();
    await shot('list');
    await page.getByLabel('Workflow').selectOption('wf-manuals');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alert').or(page.locator('.field-error')).first().waitFor();
    await shot('publish-refused');
    await go('route=/workflows/chat-apps/app-listings', 'chat-app-settings');
    await page.getByRole('button', { name: /Open the conversation/ }).first().waitFor();
    await shot('app');
    await page.getByLabel('Allowed websites').fill('www.example.com/listings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Enter an address such as https://www.example.com, without a path.').waitFor();
    await shot('settings-errors');
    await go('route=/workflows/chat-apps/app-listings', 'chat-app-settings');
    await page.getByRole('button', { name: /Open the conversation/ }).first().click();
    await page.getByTestId('chat-turn').first().waitFor();
    await shot('conversation');
    await go('route=/workflows/chat-apps/app-manuals&lang=de', 'chat-app-settings');
    await shot('app-paused-de');
  },
});
console.log(shots.join('\n'));
