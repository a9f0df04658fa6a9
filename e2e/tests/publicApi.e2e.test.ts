// The public API from the browser (issue 24): a new user copies a template,
// creates an API key on the keys page and sees its secret once (gone when the
// panel closes), opens the API reference, copies the curl example of GET
// /v1/workflows with its Copy button, and that very command — run by a shell
// with the secret in $AGENTFLOW_API_KEY — answers the user's workflow.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';
import { copyTemplate } from '../support/templates';

const run = promisify(execFile);

let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shellUrl('') });
});

afterAll(() => context?.close());

test('a new user creates a key, sees it once, and the curl example copied from the reference page works with it', async () => {
  await signUpThroughPage(page, { email: freshEmail('public-api'), password: 'correct horse battery', displayName: 'Ada Api' });
  const workflowId = (await copyTemplate(page, 'Follow-up e-mail')).split('/').pop()!;

  // The key: created on the keys page, its secret shown once.
  await page.goto(shellUrl('/workflows/api-keys'));
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name').fill('Journey script');
  await dialog.getByRole('checkbox', { name: /^workflows:read / }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^afk_[A-Za-z0-9]{20}_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('api-key-secret').count()).resolves.toBe(0);
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByTestId('api-key-row').first().textContent()).resolves.toContain('Journey script');

  // The reference, reached from the keys page: the call's curl example, copied with its button.
  await page.getByRole('link', { name: 'API reference' }).click();
  await page.waitForURL((url) => url.pathname === '/workflows/api-reference');
  const operation = page.locator('#op-listWorkflows');
  await operation.getByTestId('api-curl-copy').click();
  // The button says Copied once the clipboard write has resolved (asynchronous: wait for it, do not read at once).
  await operation.getByTestId('api-curl-copy').filter({ hasText: /^Copied$/ }).waitFor({ timeout: 10_000 });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await operation.getByTestId('api-curl').textContent());
  expect(copied).toContain('$AGENTFLOW_API_KEY');
  expect(copied).not.toContain(secret);

  // The command as a user would paste it into a shell, the key in the environment.
  const { stdout } = await run('sh', ['-c', `${copied} --silent --show-error --fail-with-body`], { env: { ...process.env, AGENTFLOW_API_KEY: secret }, timeout: 20_000 });
  const answer = JSON.parse(stdout) as { workflows: { id: string; name: string }[]; nextCursor: string | null };
  expect(answer.workflows.map((workflow) => workflow.id)).toEqual([workflowId]);
  expect(answer.nextCursor).toBeNull();
  // Without the key the same command is refused: the answer above was the key's doing.
  await expect(run('sh', ['-c', `${copied} --silent --fail`], { env: { ...process.env, AGENTFLOW_API_KEY: 'afk_not_a_key' }, timeout: 20_000 })).rejects.toMatchObject({ code: 22 });
  expect(pageErrors).toEqual([]);
});
