// Screenshots of the Knowledge pages (issue 23) at 1280×800 and 390×844, on
// the in-memory fakes (mf-workflows/src/testing/knowledgeScreenshotHarness.tsx):
// no stack, no standard port (harnessPages.mjs bundles, serves on PORT, default 18790, and drives Chromium).
//   node e2e/screenshots/knowledge.mjs [outDir] [language]   (default /tmp/knowledge-shots, en)
import { screenshotArgs, screenshotHarness } from './harnessPages.mjs';

const K = 'workflows.knowledge.';
const { outDir, lang } = screenshotArgs('/tmp/knowledge-shots');
const shots = await screenshotHarness({
  entry: './src/testing/knowledgeScreenshotHarness.tsx',
  outDir,
  lang,
  port: Number(process.env.PORT ?? 18790),
  shoot: async ({ page, go, shot, text }) => {
    await go('empty=1', 'knowledge-empty');
    await shot('list-empty');
    await go('', 'knowledge-base-card');
    await page.getByTestId('knowledge-mode-reason').first().waitFor();
    await shot('list');
    await page.getByRole('button', { name: await text(`${K}add`) }).click();
    await page.getByLabel(await text(`${K}form.embedding`)).selectOption('cred-openai');
    await shot('create');
    await page.getByRole('button', { name: await text(`${K}form.save`) }).click();
    await page.getByLabel(await text(`${K}form.name`), { exact: true }).waitFor();
    await shot('create-errors');
    await go('route=/workflows/knowledge/kb-listings', 'knowledge-source');
    await shot('base');
    await page.getByRole('radio', { name: await text(`${K}addSource.url`) }).check();
    await page.getByLabel(await text(`${K}addSource.urlLabel`)).fill('ftp://agency.example.com');
    await page.getByRole('button', { name: await text(`${K}addSource.add`), exact: true }).click();
    await page.getByLabel(await text(`${K}search.query`)).fill(lang === 'de' ? 'Wie hoch ist die Kaution?' : 'How much is the deposit?');
    await page.getByRole('button', { name: await text(`${K}search.submit`), exact: true }).click();
    await page.getByTestId('knowledge-passage').first().waitFor();
    await shot('base-search');
  },
});
console.log(shots.join('\n'));
