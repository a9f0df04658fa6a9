// Screenshots of the API reference page (issue 24) at 1280×800 and 390×844, on
// the description generated from the route table
// (mf-workflows/src/testing/apiReferenceScreenshotHarness.tsx): no stack, no standard port.
//   node e2e/screenshots/apiReference.mjs [outDir]   (default /tmp/api-reference-shots)
import path from 'node:path';
import { screenshotHarness } from './harnessPages.mjs';

const outDir = path.resolve(process.argv[2] ?? '/tmp/api-reference-shots');
/** One operation cropped by its element (desktop-… and phone-…). */
const cropped = [];
const shots = await screenshotHarness({
  entry: './src/testing/apiReferenceScreenshotHarness.tsx',
  outDir,
  port: Number(process.env.PORT ?? 18794),
  shoot: async ({ page, device, go, shot }) => {
    const element = async (selector, name) => {
      const file = path.join(outDir, `${device}-${name}.png`);
      await page.locator(selector).screenshot({ path: file });
      cropped.push(file);
    };
    await go('', 'api-operation');
    await shot('reference');
    await page.locator('#op-listWorkflows').getByRole('button', { name: /^Copy the curl example of / }).click();
    await element('#op-listWorkflows', 'operation-copied');
    await go('lang=de', 'api-operation');
    // The German texts, not English under a German URL: the page's title says so.
    await page.getByRole('heading', { level: 1, name: 'API-Referenz' }).waitFor();
    await shot('reference-de');
    // The longest operation (startRun: two paragraphs, two answers) in the language with the longest words.
    await element('#op-startRun', 'operation-startRun-de');
  },
});
console.log([...shots, ...cropped].join('\n'));
