// Knowledge and chat in the browser (issue 23): a new user creates a
// knowledge base from a PDF, copies the real-estate listing assistant and
// gives its agent that base, publishes it as a chat app for a website on
// another origin, opens the widget on that website, asks a question, watches
// the answer stream in piece by piece with the PDF cited, and finds the
// conversation in the app's conversations view. Then the owner requires
// visitors to sign in: the widget sends them to the hosted page, where they
// sign in with their account and chat. The model is the stack's
// fake OpenAI server (the real wire format, streaming with a pause between
// pieces); the website is a page served from loopback on a port of its own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { FakeOpenAI } from '../../platform-api/src/testing/fakeOpenAI';
import { pdfBytes } from '../../platform-api/testing/fileFixtures';
import { launchBrowser, newPage } from '../support/browser';
import { startStackModel } from '../support/fakeModel';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';
import { copyTemplate } from '../support/templates';

jest.setTimeout(180_000);

const BASE = 'Harbour listings';
const PDF = 'Harbour Homes listings.pdf';
const PAGES = [
  'Listing 12 Elm Street. A two-bedroom flat of 78 square metres on the third floor, with a south-facing balcony and a lift. Asking price 385,000 euros. Viewings on weekdays.',
  'Listing 4 Quay Road. A family house with four bedrooms, a garden and a double garage. Asking price 640,000 euros.',
];
const QUESTION = 'Does the flat on Elm Street have a balcony?';
const ANSWER = 'Yes: the flat at 12 Elm Street has a south-facing balcony [1]. Would you like to book a viewing?';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let model: FakeOpenAI;
let site: { origin: string; setSnippet(snippet: string): void; close(): Promise<void> };

/** With SHOTS_DIR set, the screen at a laptop's and a phone's size (to look at, not asserted). */
async function shoot(target: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = target.viewportSize() ?? { width: 1280, height: 800 };
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await target.setViewportSize({ width, height });
    await target.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await target.setViewportSize(size);
}

/** A customer's website on an origin of its own: one page carrying the embed snippet it is given. */
async function startWebsite(): Promise<typeof site> {
  let snippet = '';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour Homes</title></head><body><h1>Harbour Homes</h1><p>Flats and houses by the harbour.</p>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setSnippet: (value) => (snippet = value),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  model = await startStackModel();
  // The listing assistant searches its knowledge base first, then answers from what it found, citing it.
  model.script(
    { match: { system: /residential estate agency/, afterToolResults: false }, reply: { toolCalls: [{ name: 'search_knowledge', arguments: { query: 'Elm Street balcony' } }] } },
    { match: { system: /residential estate agency/, afterToolResults: true, toolResult: /12 Elm Street/ }, reply: { text: ANSWER, pieceDelayMs: 400 } },
  );
  site = await startWebsite();
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
  await model?.close();
  await site?.close();
});

test('a knowledge base from a PDF, the listing assistant published on another website, a streamed answer citing the PDF, and the conversation in the workspace', async () => {
  const account = { email: freshEmail('knowledge'), password: 'knowledge-password-1', displayName: 'Harbour Agent' };
  await signUpThroughPage(page, account);

  // 1. A knowledge base from a PDF (no embedding credential: searched by keyword, as the page says).
  await page.goto(shellUrl('/workflows/knowledge'));
  await page.getByRole('button', { name: 'New knowledge base' }).click();
  const baseForm = page.getByRole('form', { name: 'New knowledge base' });
  await baseForm.getByLabel('Name', { exact: true }).fill(BASE);
  await baseForm.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { level: 1, name: BASE }).waitFor();
  const addForm = page.getByRole('form', { name: 'Add a source' });
  await addForm.getByLabel('File', { exact: true }).setInputFiles({ name: PDF, mimeType: 'application/pdf', buffer: pdfBytes(PAGES) });
  await addForm.getByRole('button', { name: 'Add' }).click();
  const source = page.getByRole('listitem', { name: PDF });
  await source.getByTestId('source-status').filter({ hasText: 'Ready' }).waitFor({ timeout: 60_000 });
  expect(await source.getByTestId('source-chunks').textContent()).toMatch(/^[1-9]\d* passages?$/);

  // 2. The listing assistant, its agent given the new base (in place of the template's placeholder).
  const workflowPath = await copyTemplate(page, 'Listing assistant');
  await page.locator('[data-testid="builder-node"][data-node-id="assistant"]').click();
  const bases = page.getByTestId('config-panel').getByRole('group', { name: 'Knowledge bases this agent may search' });
  await bases.getByTestId('agent-knowledge-missing').waitFor();
  await bases.getByRole('checkbox', { name: new RegExp(BASE) }).check();
  await bases.getByTestId('agent-knowledge-missing').waitFor({ state: 'detached' });
  await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
  expect(workflowPath).toMatch(/^\/workflows\//);

  // 3. Published as a chat app for the website's origin.
  await page.goto(shellUrl('/workflows/chat-apps'));
  await page.getByRole('button', { name: 'Publish' }).click();
  const workflowSelect = page.getByLabel('Workflow', { exact: true });
  await workflowSelect.locator('option', { hasText: 'Listing assistant' }).waitFor({ state: 'attached' });
  await workflowSelect.selectOption({ label: 'Listing assistant' });
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('heading', { name: 'Listing assistant' }).first().waitFor();
  const appPath = new URL(page.url()).pathname;
  const settings = page.getByTestId('chat-app-settings');
  await settings.getByLabel('Allowed websites').fill(site.origin);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved.').waitFor();
  const snippet = (await page.getByTestId('chat-app-snippet').textContent()) ?? '';
  expect(snippet).toMatch(/^<script src="http:\/\/[^"]+\/widget\.js" data-app="[^"]+" async><\/script>$/);
  site.setSnippet(snippet);

  // 4. A visitor on the website opens the widget and asks; the answer streams in, then cites the PDF.
  const { page: visitor, pageErrors: visitorErrors } = await newPage(context);
  await visitor.goto(site.origin);
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const chat = visitor.getByRole('dialog');
  await chat.getByRole('textbox').fill(QUESTION);
  await chat.getByRole('textbox').press('Enter');
  // Part of the answer is on screen while the model is still sending the rest.
  await visitor.waitForFunction(
    ({ full }) => {
      const text = document.querySelector('agentflow-chat')?.shadowRoot?.querySelector('.msg.assistant .text')?.textContent ?? '';
      return text.length > 0 && text.length < full.length && full.startsWith(text);
    },
    { full: ANSWER },
    { polling: 50, timeout: 60_000 },
  );
  await chat.locator('.msg.assistant .text').filter({ hasText: ANSWER }).waitFor({ timeout: 30_000 });
  const sources = chat.locator('.msg.assistant .sources li');
  await sources.first().waitFor();
  expect(await sources.allTextContents()).toEqual([expect.stringContaining(PDF)]);
  expect(visitorErrors).toEqual([]);
  await shoot(visitor, 'knowledge-chat-widget');

  // 5. The conversation in the workspace's conversations view, with the question, the answer and its source.
  await page.goto(shellUrl(appPath));
  const conversations = page.getByTestId('chat-conversations');
  await conversations.getByRole('button', { name: /Open the conversation from/ }).first().click();
  const turns = conversations.getByTestId('chat-turn');
  await turns.nth(1).waitFor();
  expect(await turns.count()).toBe(2);
  expect(await turns.nth(0).getAttribute('data-role')).toBe('user');
  expect(await turns.nth(0).textContent()).toContain(QUESTION);
  expect(await turns.nth(1).getAttribute('data-role')).toBe('assistant');
  expect(await turns.nth(1).textContent()).toContain(ANSWER);
  expect(await turns.nth(1).textContent()).toContain(PDF);
  await shoot(page, 'knowledge-chat-conversation');

  // 6. Visitors must sign in: the widget links to the hosted page (no password on the website), where a signed-up user signs in and chats.
  await page.getByTestId('chat-app-settings').getByLabel('Visitors must sign in').check();
  await page.getByTestId('chat-app-settings').getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved.').waitFor();
  await visitor.evaluate(() => localStorage.clear());
  await visitor.reload();
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const signInLink = visitor.getByRole('link', { name: 'Sign in on the chat page' });
  await signInLink.waitFor();
  await shoot(visitor, 'knowledge-chat-widget-sign-in');
  expect(await visitor.locator('agentflow-chat input[type="password"]').isVisible()).toBe(false);
  const hostedUrl = (await signInLink.getAttribute('href')) ?? '';
  expect(new URL(hostedUrl).pathname).toBe(`/chat/${/data-app="([^"]+)"/.exec(snippet)![1]}`);
  await visitor.goto(hostedUrl);
  await visitor.getByLabel('E-mail').waitFor();
  await shoot(visitor, 'knowledge-chat-hosted-sign-in');
  await visitor.getByLabel('E-mail').fill(account.email);
  await visitor.getByLabel('Password').fill('not-the-password');
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await visitor.getByText('The e-mail or password is wrong.').waitFor();
  await visitor.getByLabel('Password').fill(account.password);
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await visitor.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'hidden' });
  await visitor.getByRole('textbox', { name: 'Type your question…' }).fill(QUESTION);
  await visitor.getByRole('textbox', { name: 'Type your question…' }).press('Enter');
  await visitor.locator('agentflow-chat .msg.assistant .text').filter({ hasText: ANSWER }).waitFor({ timeout: 30_000 });
  await shoot(visitor, 'knowledge-chat-hosted-signed-in');
  expect(visitorErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
});
