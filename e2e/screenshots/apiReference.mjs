// Screenshots of the API reference page (issue 24) at 1280×800 and 390×844, on
// the description generated from the route table
// (mf-workflows/src/testing/apiReferenceScreenshotHarness.tsx): no stack, no standard port.
//   node e2e/screenshots/apiReference.mjs [outDir]   (default /tmp/api-reference-shots)
import path from 'node:path';
import { screenshotHarness } from './harnessPages.mjs';

const shots = await screenshotHarness({
  entry: './src/testing/apiReferenceScreenshotHarness.tsx',
  outDir: path.resolve(process.argv[2] ?? '/tmp/api-reference-shots'),
  port: Number(process.env.PORT ?? 18794),
  shoot: async ({ page, go, shot }) => {
    await go('', 'api-operation');
    await shot('reference');
    await page.getByRole('button', { name: /^Copy the curl example of The key's workspace's/ }).click();
    await page.locator('#op-listWorkflows').screenshot({ path: path.join(path.resolve(process.argv[2] ?? '/tmp/api-reference-shots'), `${page.viewportSize().width > 500 ? 'desktop' : 'phone'}-operation-copied.png`) });
    await go('lang=de', 'api-operation');
    await shot('reference-de');
  },
});
console.log(shots.join('\n'));
