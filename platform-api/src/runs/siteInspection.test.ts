// The field-services template "Site inspection with photo and checklist" as
// a team runs it (issue 17's must-show, on the API): a multipart delivery to
// its webhook with the photo and the checklist PDF; the agent reads the PDF's
// text (a fake model, test code); the HTTP step posts the photo to the
// document service (a local upstream) and keeps its PDF answer as a run
// file. The Chromium walk of the same run is e2e/tests/files.e2e.test.ts.
import { templateById, type WorkflowNode } from '@agentflow/shared/workflow';
import type { FileRef } from '@agentflow/shared/server';
import { imageBytes, pdfBytes } from '../../testing/fileFixtures';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import { startRunsHarness, type RunsHarness } from '../testing/runsHarness';
import { startUpstream, type Upstream } from '../testing/upstream';

const CERTIFICATE = pdfBytes('Inspection certificate - Unit 7 - FAILED');
let h: RunsHarness;
let model: FakeOpenAI;
let documents: Upstream;
const received: { contentType: string; body: Buffer }[] = [];

beforeAll(async () => {
  model = await startFakeOpenAI();
  model.script({
    match: { system: /field inspection checklists/ },
    reply: { usage: { prompt: 900, completion: 200 }, json: { passed: false, findings: ['Gas pressure 31 mbar is above the 20 mbar limit'], summary: 'Unit 7 failed on gas pressure.' } },
  });
  documents = await startUpstream((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ contentType: String(req.headers['content-type']), body: Buffer.concat(chunks) });
      res.writeHead(200, { 'Content-Type': 'application/pdf' });
      res.end(CERTIFICATE);
    });
  });
  h = await startRunsHarness('site-inspection', { env: { AI_BASE_URL: model.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' } });
});
afterAll(async () => {
  await h?.close();
  await documents?.close();
  await model?.close();
});

it('takes the photo and checklist by webhook, gives the agent the PDF text, and keeps the certificate as a run file', async () => {
  const owner = await h.createUser('inspection-team');
  const template = templateById('tpl-field-services-site-inspection')!;
  const nodes: WorkflowNode[] = template.nodes.map((node) => (node.id === 'certificate' ? { ...node, params: { ...node.params, url: `${documents.url}/api/certificates` } } : node));
  const wf = await h.saveWorkflow(owner.uid, nodes, template.edges, { name: template.name });
  const { url } = (await h.call('GET', `/api/workflows/${wf.id}/webhook`, { user: owner })).body as { url: string };

  const photo = await imageBytes('jpeg', 640, 480);
  const checklist = pdfBytes('Checklist Unit 7: gas pressure 31 mbar FAILED; smoke alarm OK; signed J. Rivera');
  const form = new FormData();
  form.append('siteName', 'Unit 7');
  form.append('technicianName', 'J. Rivera');
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'unit7-boiler.jpg');
  form.append('checklist', new Blob([new Uint8Array(checklist)], { type: 'application/pdf' }), 'checklist-unit7.pdf');
  const delivery = await fetch(url, { method: 'POST', body: form });
  const answer = (await delivery.json()) as { runId: string };
  expect({ status: delivery.status, answer }).toMatchObject({ status: 202, answer: { runId: expect.any(String) } });

  const run = await h.waitForRun(answer.runId, ['succeeded', 'failed']);
  expect(run.error).toBeNull();
  expect(run.status).toBe('succeeded');
  // The agent read the checklist's text.
  const asked = model.requests.find((request) => /field inspection checklists/.test(request.system));
  expect(asked?.lastUser).toContain('gas pressure 31 mbar FAILED');
  // The document service got the photo, byte for byte, in a multipart body with the fields.
  expect(received).toHaveLength(1);
  expect(received[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(received[0]!.body.includes(photo)).toBe(true);
  expect(received[0]!.body.toString('latin1')).toContain('Unit 7 failed on gas pressure.');
  // Its answer is a run file of the certificate step, with the service's bytes.
  const done = (run.output as { done: { passed: boolean; certificate: FileRef; photo: FileRef } }).done;
  expect(done.passed).toBe(false);
  expect(done.certificate).toMatchObject({ contentType: 'application/pdf', size: CERTIFICATE.length });
  const stored = await h.files.store.get(done.certificate.fileId);
  expect(stored?.use).toEqual({ kind: 'run', runId: run.id, workflowId: wf.id, stepId: 'certificate' });
  expect((await h.files.store.read(stored!)).equals(CERTIFICATE)).toBe(true);
  expect(done.photo).toMatchObject({ name: 'unit7-boiler.jpg', contentType: 'image/jpeg', size: photo.length });
});
