// Screenshots of the API keys page (issue 24) at 1280×800 and 390×844, on an
// in-memory client (mf-workflows/src/testing/apiKeysScreenshotHarness.tsx):
// no stack, no standard port (harnessPages.mjs bundles, serves on PORT, default 18793, and drives Chromium).
//   node e2e/screenshots/apiKeys.mjs [outDir] [language]   (default /tmp/api-keys-shots, en)
import { screenshotArgs, screenshotHarness } from './harnessPages.mjs';

const AK = 'workflows.apiKeys.';
const { outDir, lang } = screenshotArgs('/tmp/api-keys-shots');
const shots = await screenshotHarness({
  entry: './src/testing/apiKeysScreenshotHarness.tsx',
  outDir,
  lang,
  port: Number(process.env.PORT ?? 18793),
  shoot: async ({ page, go, shot, text }) => {
    await go('empty=1', 'api-keys-empty');
    await shot('empty');
    await go('', 'api-key-row');
    await shot('list');
    await page.getByRole('button', { name: await text(`${AK}create.open`) }).click();
    const dialog = page.getByRole('dialog', { name: await text(`${AK}create.title`) });
    const submit = dialog.getByRole('button', { name: await text(`${AK}create.submit`) });
    await submit.click();
    await dialog.getByText(await text(`${AK}errors.scopes`)).waitFor();
    await shot('create-errors');
    const name = dialog.getByLabel(await text(`${AK}create.name`));
    const scope = (id) => dialog.getByRole('checkbox', { name: new RegExp(`^${id} `) });
    await name.fill('Credentials audit');
    await scope('workflows:read').check();
    await scope('credentials:read').check();
    await submit.click();
    await dialog.locator('.api-key-scope[data-refused]').waitFor();
    await shot('create-scope-refused');
    await scope('credentials:read').uncheck();
    await scope('runs:write').check();
    await name.fill('Warehouse robot');
    await submit.click();
    await page.getByTestId('api-key-secret').waitFor();
    await shot('secret');
    await page.getByRole('button', { name: await text(`${AK}secret.done`) }).click();
    await page.getByRole('button', { name: await text(`${AK}edit.label`, { name: 'Nightly CRM sync' }) }).click();
    const edit = page.getByRole('dialog', { name: await text(`${AK}edit.title`, { name: 'Nightly CRM sync' }) });
    await edit.getByLabel(await text(`${AK}create.ipAllowList`)).fill('203.0.113.7\nsomewhere.example.com');
    await edit.getByLabel(await text(`${AK}create.rateLimit`)).fill('0');
    await edit.getByRole('button', { name: await text(`${AK}edit.submit`) }).click();
    await edit.locator('.field-error').first().waitFor();
    await shot('edit-errors');
    await edit.getByLabel(await text(`${AK}create.rateLimit`)).fill('600');
    await edit.getByRole('button', { name: await text(`${AK}edit.submit`) }).click();
    await edit.getByText(await text(`${AK}errors.ip`)).waitFor();
    await shot('edit-refused');
    await edit.getByRole('button', { name: await text(`${AK}cancel`) }).click();
    await page.getByRole('button', { name: await text(`${AK}revokeLabel`, { name: 'Nightly CRM sync' }) }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('revoke-confirm');
  },
});
console.log(shots.join('\n'));
