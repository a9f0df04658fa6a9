// Screenshots of the chat apps pages (issue 23) at 1280×800 and 390×844, on
// an in-memory client (mf-workflows/src/testing/chatAppsScreenshotHarness.tsx):
// no stack, no standard port (harnessPages.mjs bundles, serves on PORT, default 18791, and drives Chromium).
//   node e2e/screenshots/chatApps.mjs [outDir] [language]   (default /tmp/chat-apps-shots, en)
import { screenshotArgs, screenshotHarness } from './harnessPages.mjs';

const CA = 'workflows.chatApps.';
const { outDir, lang } = screenshotArgs('/tmp/chat-apps-shots');
const shots = await screenshotHarness({
  entry: './src/testing/chatAppsScreenshotHarness.tsx',
  outDir,
  lang,
  port: Number(process.env.PORT ?? 18791),
  shoot: async ({ page, go, shot, text, textBefore }) => {
    await go('', 'chat-apps-page');
    await page.getByText('Harbour Homes assistant').waitFor();
    await shot('list');
    await page.getByLabel(await text(`${CA}publish.workflow`)).selectOption('wf-manuals');
    await page.getByRole('button', { name: await text(`${CA}publish.submit`) }).click();
    await page.getByRole('alert').or(page.locator('.field-error')).first().waitFor();
    await shot('publish-refused');
    await go('route=/workflows/chat-apps/app-listings', 'chat-app-settings');
    const openConversation = await textBefore(`${CA}conversations.open`, 'date');
    await page.getByRole('button', { name: openConversation }).first().waitFor();
    await shot('app');
    await page.getByLabel(await text(`${CA}settings.origins`)).fill('www.example.com/listings');
    await page.getByRole('button', { name: await text(`${CA}settings.save`) }).click();
    await page.getByText(await text(`${CA}errors.origin`)).waitFor();
    await shot('settings-errors');
    await go('route=/workflows/chat-apps/app-listings', 'chat-app-settings');
    await page.getByRole('button', { name: openConversation }).first().click();
    await page.getByTestId('chat-turn').first().waitFor();
    await shot('conversation');
    await go('route=/workflows/chat-apps/app-manuals', 'chat-app-settings');
    await shot('app-paused');
  },
});
console.log(shots.join('\n'));
