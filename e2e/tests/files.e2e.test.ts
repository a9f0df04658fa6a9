// Files through a whole run, in Chromium against the whole stack (issue 17's
// must-show): a field-services team copies "Site inspection with photo and
// checklist"; the technician's phone form posts the site photo and the
// checklist PDF to the workflow's webhook as multipart/form-data; the agent
// reads the PDF's text (the fake model, test code, checks it got it); the
// HTTP step sends the photo to the document service (a local stand-in) and
// keeps its PDF answer as a run file. In the run view the three files are
// listed, the photo has a thumbnail, and downloading the certificate gives
// the document service's bytes. Someone else cannot open the files.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Download, Page } from 'playwright-core';
import sharp from 'sharp';
import { getAdminAuth, getAdminDb } from '@agentflow/shared/server';
import type { FakeOpenAI } from '../../platform-api/src/testing/fakeOpenAI';
import { pdfBytes } from '../../platform-api/testing/fileFixtures';
import { launchBrowser, newPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { startStackModel } from '../support/fakeModel';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';
import { copyTemplate } from '../support/templates';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let model: FakeOpenAI;
let documents: http.Server;
const received: { contentType: string; body: Buffer }[] = [];

/** The certificate the document service renders (a real PDF, so the run keeps it as application/pdf). */
const CERTIFICATE = pdfBytes('Inspection certificate - Unit 7 - FAILED');
const CHECKLIST = pdfBytes('Checklist Unit 7: gas pressure 31 mbar FAILED; smoke alarm OK; signed J. Rivera');

beforeAll(async () => {
  model = await startStackModel();
  model.script({
    match: { system: /field inspection checklists/ },
    reply: { usage: { prompt: 900, completion: 200 }, json: { passed: false, findings: ['Gas pressure 31 mbar is above the 20 mbar limit'], summary: 'Unit 7 failed on gas pressure.' } },
  });
  // The team's document service: takes the photo and fields, answers the certificate PDF.
  documents = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ contentType: String(req.headers['content-type']), body: Buffer.concat(chunks) });
      res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': CERTIFICATE.length });
      res.end(CERTIFICATE);
    });
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
});

afterAll(async () => {
  await context?.close();
  await model?.close();
  await new Promise((resolve) => documents?.close(resolve));
});

test('a site inspection: photo and checklist in by webhook, the agent reads the PDF, the certificate is kept, and the run view lists and downloads them', async () => {
  const account = { email: freshEmail('inspector'), password: 'inspector-password-1', displayName: 'Ines Inspector' };
  await signUpThroughPage(page, account);
  await page.getByTestId('token-count').waitFor();
  const { uid } = await getAdminAuth().getUserByEmail(account.email);
  // Webhooks are a Basic feature: the team is on Basic.
  await getAdminDb().collection('userMemberships').doc(uid).set({ role: 'basic', tokensRemaining: 2000 }, { merge: true });

  const workflowPath = await copyTemplate(page, 'Site inspection');
  const workflowId = workflowPath.split('/').pop()!;
  // The address the builder shows for the webhook trigger.
  await page.locator('[data-testid="builder-node"][data-node-id="trigger"]').click();
  const hookUrl = await page.getByTestId('webhook-url').inputValue();
  expect(hookUrl).toMatch(/\/api\/hooks\//);
  // The team points the certificate step at its document service (here, the local stand-in).
  await page.goto(shellUrl(`${workflowPath}/runs`));
  const workflows = getAdminDb().collection('workflows').doc(workflowId);
  const nodes = ((await workflows.get()).get('nodes') as { id: string; params: Record<string, unknown> }[]).map((node) =>
    node.id === 'certificate' ? { ...node, params: { ...node.params, url: `http://127.0.0.1:${(documents.address() as AddressInfo).port}/api/certificates` } } : node,
  );
  await workflows.update({ nodes });

  // The technician's phone posts the visit.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 60 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('siteName', 'Unit 7');
  form.append('technicianName', 'J. Rivera');
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'unit7-boiler.jpg');
  form.append('checklist', new Blob([new Uint8Array(CHECKLIST)], { type: 'application/pdf' }), 'checklist-unit7.pdf');
  const delivery = await fetch(hookUrl, { method: 'POST', body: form });
  const accepted = { status: delivery.status, body: (await delivery.json()) as { runId: string } };
  expect(accepted).toMatchObject({ status: 202, body: { runId: expect.any(String) } });
  const { runId } = accepted.body;

  // The run view: the run succeeds, and lists the photo and checklist (input) and the certificate (the HTTP step's answer).
  await page.goto(shellUrl(`${workflowPath}/runs/${runId}`));
  await page.locator('[data-testid="run-view"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
  // The files are listed with the steps, on the List tab (the run view opens on its graph).
  await page.getByRole('tab', { name: 'List' }).click();
  const fileNames = async () => page.getByTestId('file-item').locator('.file-name').allTextContents();
  const names = await eventually(fileNames, (list) => list.includes('unit7-boiler.jpg') && list.includes('checklist-unit7.pdf') && list.some((name) => name !== 'unit7-boiler.jpg' && name !== 'checklist-unit7.pdf'));
  expect(names).toEqual(expect.arrayContaining(['unit7-boiler.jpg', 'checklist-unit7.pdf']));

  // The agent read the checklist's text; the document service got the photo as a multipart part.
  const asked = model.requests.find((request) => /field inspection checklists/.test(request.system));
  expect(asked?.lastUser).toContain('gas pressure 31 mbar FAILED');
  expect(received).toHaveLength(1);
  expect(received[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(received[0]!.body.includes(photo)).toBe(true);

  // The photo shows as a thumbnail loaded through a signed link (wherever a step holds it); the PDFs do not.
  const thumbnail = page.locator('[data-testid="file-item"]', { hasText: 'unit7-boiler.jpg' }).locator('img').first();
  await thumbnail.waitFor();
  await page.waitForFunction((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0, await thumbnail.elementHandle());
  expect(await page.locator('[data-testid="file-item"]', { hasText: 'checklist-unit7.pdf' }).locator('img').count()).toBe(0);

  // Downloading the certificate gives the document service's bytes.
  const certificate = (await getAdminDb().collection('workflowRuns').doc(runId).get()).get('output') as string;
  const certificateRef = (JSON.parse(certificate) as { done: { certificate: { fileId: string; name: string; contentType: string } } }).done.certificate;
  expect(certificateRef.contentType).toBe('application/pdf');
  // Listed on the certificate step and on the output that names it.
  const item = page.locator(`[data-testid="file-item"][data-file-id="${certificateRef.fileId}"]`).first();
  // The link opens in a new tab, which Chromium turns into a download (platform-api sends PDFs as attachments).
  const downloaded = new Promise<Download>((resolve) => {
    page.once('download', resolve);
    context.on('page', (opened) => opened.once('download', resolve));
  });
  await item.getByRole('button', { name: /Download/ }).click();
  const download = await downloaded;
  const bytes = await readFile((await download.path())!);
  expect(bytes.equals(CERTIFICATE)).toBe(true);

  // Someone else cannot get a link to it.
  const stranger = await getAdminAuth().createUser({ email: freshEmail('stranger'), password: 'stranger-password-1' });
  const token = await (async () => {
    const custom = await getAdminAuth().createCustomToken(stranger.uid);
    const state = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: custom, returnSecureToken: true }),
    });
    return ((await state.json()) as { idToken: string }).idToken;
  })();
  const platformApi = new URL(hookUrl).origin;
  const refused = await fetch(`${platformApi}/api/files/${certificateRef.fileId}/link`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status).toBe(404);
  expect(pageErrors).toEqual([]);
});
