// Screenshots of the API keys page (issue 24) at 1280×800 and 390×844, on an
// in-memory client (mf-workflows/src/testing/apiKeysScreenshotHarness.tsx):
// no stack, no standard port (harnessPages.mjs bundles, serves on PORT, default 18793, and drives Chromium).
//   node e2e/screenshots/apiKeys.mjs [outDir]   (default /tmp/api-keys-shots)
import path from 'node:path';
import { screenshotHarness } from './harnessPages.mjs';

const shots = await screenshotHarness({
  entry: './src/testing/apiKeysScreenshotHarness.tsx',
  outDir: path.resolve(process.argv[2] ?? '/tmp/api-keys-shots'),
  port: Number(process.env.PORT ?? 18793),
  shoot: async ({ page, go, shot }) => {
    await go('empty=1', 'api-keys-empty');
    await shot('empty');
    await go('', 'api-key-row');
    await shot('list');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Choose at least one thing the key may do.').waitFor();
    await shot('create-errors');
    await dialog.getByLabel('Name').fill('Credentials audit');
    await dialog.getByRole('checkbox', { name: /^workflows:read / }).check();
    await dialog.getByRole('checkbox', { name: /^credentials:read / }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText(/Your role in this workspace does not allow this/).waitFor();
    await shot('create-scope-refused');
    await dialog.getByRole('checkbox', { name: /^credentials:read / }).uncheck();
    await dialog.getByRole('checkbox', { name: /^runs:write / }).check();
    await dialog.getByLabel('Name').fill('Warehouse robot');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await page.getByTestId('api-key-secret').waitFor();
    await shot('secret');
    await page.getByRole('button', { name: 'Revoke Nightly CRM sync' }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('revoke-confirm');
    await go('lang=de', 'api-key-row');
    await shot('list-de');
  },
});
console.log(shots.join('\n'));
