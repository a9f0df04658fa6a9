// Screenshots of the Knowledge pages (issue 23) at 1280×800 and 390×844, on
// the in-memory fakes (mf-workflows/src/testing/knowledgeScreenshotHarness.tsx):
// no stack, no standard port (harnessPages.mjs bundles, serves on PORT, default 18790, and drives Chromium).
//   node e2e/screenshots/knowledge.mjs [outDir]   (default /tmp/knowledge-shots)
import path from 'node:path';
import { screenshotHarness } from './harnessPages.mjs';

const shots = await screenshotHarness({
  entry: './src/testing/knowledgeScreenshotHarness.tsx',
  outDir: path.resolve(process.argv[2] ?? '/tmp/knowledge-shots'),
  port: Number(process.env.PORT ?? 18790),
  shoot: async ({ page, go, shot }) => {
    await go('empty=1', 'knowledge-empty');
    await shot('list-empty');
    await go('', 'knowledge-base-card');
    await page.getByTestId('knowledge-mode-reason').first().waitFor();
    await shot('list');
    await page.getByRole('button', { name: 'New knowledge base' }).click();
    await page.getByLabel('Embedding model').selectOption('cred-openai');
    await shot('create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByLabel('Name', { exact: true }).waitFor();
    await shot('create-errors');
    await go('route=/workflows/knowledge/kb-listings', 'knowledge-source');
    await shot('base');
    await page.getByRole('radio', { name: 'A web page' }).check();
    await page.getByLabel('Page address').fill('ftp://agency.example.com');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('Question').fill('How much is the deposit?');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('knowledge-passage').first().waitFor();
    await shot('base-search');
    await go('route=/workflows/knowledge/kb-listings&lang=de', 'knowledge-source');
    await shot('base-de');
  },
});
console.log(shots.join('\n'));
