// Files inside runs (issue 17 item 3), on the Storage emulator: an HTTP step
// sends a run's file as multipart and as the raw body (the upstream gets the
// exact bytes), keeps a binary answer as a run file, fails cleanly when the
// answer is larger than the plan allows; an agent reads the text of a PDF and
// a Word file (what the fake model received) and its tokens are charged; a
// step cannot read another user's file or an upload no run took.
import { FILE_LIMITS, PLAN_ENTITLEMENTS, formatBytes, type FileRef } from '@agentflow/shared/server';
import { docxBytes, imageBytes, pdfBytes } from '../../testing/fileFixtures';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fakeOpenAI';
import { edge, node, startRunsHarness, type RunsHarness, type RunsUser } from '../testing/runsHarness';
import { startUpstream, type Upstream } from '../testing/upstream';

interface Received {
  method: string;
  url: string;
  contentType: string;
  body: Buffer;
}

let h: RunsHarness;
let fake: FakeOpenAI;
let upstream: Upstream;
let alice: RunsUser;
let bob: RunsUser;
let png: Buffer;
const received: Received[] = [];
/** Bytes of the chunked binary answer that has no Content-Length (set by the oversize test). */
let streamedBytes = 1000;

beforeAll(async () => {
  png = await imageBytes('png', 40, 30);
  upstream = await startUpstream((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
      if (req.url === '/chart') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="sales chart.png"' });
        res.end(png);
      } else if (req.url === '/stream') {
        // Chunked: the size is only known while reading.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 7);
        let sent = 0;
        const more = () => {
          while (sent < streamedBytes) {
            const part = chunk.subarray(0, Math.min(chunk.length, streamedBytes - sent));
            sent += part.length;
            if (!res.write(part)) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, got: Buffer.concat(chunks).length }));
      }
    });
  });
  fake = await startFakeOpenAI();
  h = await startRunsHarness('step-files', { env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'test', AI_MODEL: 'fake-model' }, limits: { retryBaseDelayMs: 20 } });
  alice = await h.createUser('step-files-alice', { tokens: 5000 });
  bob = await h.createUser('step-files-bob', { tokens: 5000 });
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
  await upstream?.close();
});

beforeEach(() => {
  received.length = 0;
  fake.reset();
});

async function uploadOne(user: RunsUser, field: string, name: string, bytes: Buffer): Promise<FileRef> {
  const answer = await h.upload(user, [{ field, name, bytes }]);
  if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.files[0].file as FileRef;
}

const fileForm = (...keys: string[]) => node('trigger', 'trigger.manual', { inputSchema: keys.map((key) => ({ key, label: key, type: 'file', required: false })) });
const httpStep = (id: string, params: Record<string, unknown>) => node(id, 'http', { method: 'POST', headers: {}, url: `${upstream.url}/upload`, ...params });
const stepOf = (run: { steps: { id: string }[] }, id: string) => run.steps.find((s) => s.id === id) as any;

async function runOf(user: RunsUser, workflowId: string, input: Record<string, unknown> = {}) {
  const started = await h.call('POST', `/api/workflows/${workflowId}/runs`, { user, body: { input } });
  expect(started.status).toBe(202);
  return h.waitForRun(started.body.runId, ['succeeded', 'failed'], 30_000);
}

/** A run of `user`'s that takes `file` as its input (the file becomes a run file of that workflow). */
async function fileOfARun(user: RunsUser, name: string, bytes: Buffer): Promise<FileRef> {
  const ref = await uploadOne(user, 'doc', name, bytes);
  const wf = await h.saveWorkflow(user.uid, [fileForm('doc'), node('out', 'output')], [edge('trigger', 'out')]);
  expect((await runOf(user, wf.id, { doc: ref })).status).toBe('succeeded');
  return ref;
}

describe('the HTTP step sends a file', () => {
  it('as multipart/form-data: the form fields and the file part, whose bytes arrive exactly', async () => {
    const pdf = pdfBytes('Service report 42');
    const report = await uploadOne(alice, 'report', 'report.pdf', pdf);
    const wf = await h.saveWorkflow(
      alice.uid,
      [fileForm('report'), httpStep('send', { bodyKind: 'multipart', file: '{{ input.report }}', fileField: 'attachment', formFields: { title: 'Report {{ input.report.name }}' } })],
      [edge('trigger', 'send')],
    );
    const run = await runOf(alice, wf.id, { report });
    expect(run.status).toBe('succeeded');
    expect(received).toHaveLength(1);
    expect(received[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Request('http://upstream.test/', { method: 'POST', headers: { 'content-type': received[0]!.contentType }, body: new Uint8Array(received[0]!.body) }).formData();
    expect(form.get('title')).toBe('Report report.pdf');
    const part = form.get('attachment') as File;
    expect(part.name).toBe('report.pdf');
    expect(part.type).toBe('application/pdf');
    expect(Buffer.from(await part.arrayBuffer()).equals(pdf)).toBe(true);
    expect(stepOf(run, 'send').output).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('as the raw body with the file’s type (JSONata without braces works too)', async () => {
    const pdf = pdfBytes('Signed delivery note');
    const note = await uploadOne(alice, 'note', 'note.pdf', pdf);
    const wf = await h.saveWorkflow(alice.uid, [fileForm('note'), httpStep('put', { method: 'PUT', bodyKind: 'file', file: 'input.note' })], [edge('trigger', 'put')]);
    const run = await runOf(alice, wf.id, { note });
    expect(run.status).toBe('succeeded');
    expect(received.map((r) => [r.method, r.contentType])).toEqual([['PUT', 'application/pdf']]);
    expect(received[0]!.body.equals(pdf)).toBe(true);
  });

  it('fails the step, naming the file expression, when it gives no file', async () => {
    const wf = await h.saveWorkflow(alice.uid, [fileForm('note'), httpStep('put', { bodyKind: 'file', file: '{{ input.note }}' })], [edge('trigger', 'put')]);
    const run = await runOf(alice, wf.id, {});
    expect(run.status).toBe('failed');
    expect(stepOf(run, 'put').error).toBe('The file to send ({{ input.note }}) gives no file; this step sends one');
    expect(received).toHaveLength(0);
  });
});

describe('the HTTP step keeps an answer as a run file', () => {
  it('saves a binary answer (a PNG) as a file of the run whose bytes match; the output holds the reference instead of a body', async () => {
    const wf = await h.saveWorkflow(alice.uid, [fileForm(), httpStep('chart', { method: 'GET', url: `${upstream.url}/chart` })], [edge('trigger', 'chart')]);
    const run = await runOf(alice, wf.id);
    expect(run.status).toBe('succeeded');
    const output = stepOf(run, 'chart').output;
    expect(output).toEqual({ status: 200, headers: expect.objectContaining({ 'content-type': 'image/png' }), file: { fileId: expect.stringMatching(/^[A-Za-z0-9]{20}$/), name: 'sales chart.png', contentType: 'image/png', size: png.length } });
    expect(output.body).toBeUndefined();
    const stored = await h.files.store.get(output.file.fileId);
    expect(stored).toMatchObject({ ownerId: alice.uid, contentType: 'image/png', use: { kind: 'run', runId: run.id, workflowId: wf.id, stepId: 'chart' }, expiresAt: null });
    expect((await h.files.store.read(stored!)).equals(png)).toBe(true);
    // The run's owner downloads it like any run file.
    expect((await h.call('POST', `/api/files/${output.file.fileId}/link`, { user: alice })).status).toBe(200);
  });

  it('keeps a JSON answer as a body, unless the step says to save every answer', async () => {
    const asBody = await h.saveWorkflow(alice.uid, [fileForm(), httpStep('call', { method: 'GET', url: `${upstream.url}/data` })], [edge('trigger', 'call')]);
    expect(stepOf(await runOf(alice, asBody.id), 'call').output).toMatchObject({ status: 200, body: { ok: true, got: 0 } });

    const asFile = await h.saveWorkflow(alice.uid, [fileForm(), httpStep('call', { method: 'GET', url: `${upstream.url}/data.json`, saveResponse: 'always' })], [edge('trigger', 'call')]);
    const run = await runOf(alice, asFile.id);
    const output = stepOf(run, 'call').output;
    expect(output.file).toMatchObject({ name: 'data.json', contentType: 'application/json' });
    expect((await h.files.store.read((await h.files.store.get(output.file.fileId))!)).toString()).toBe('{"ok":true,"got":0}');
  });

  it('fails cleanly, once and without keeping anything, when a streamed answer is larger than the plan’s file size', async () => {
    const carol = await h.createUser('step-files-free', { tokens: 100, plan: 'free' });
    const limit = PLAN_ENTITLEMENTS.free.maxFileBytes;
    expect(limit).toBeLessThan(FILE_LIMITS.maxHttpFileBytes);
    streamedBytes = limit + 64 * 1024;
    try {
      const wf = await h.saveWorkflow(carol.uid, [fileForm(), httpStep('big', { method: 'GET', url: `${upstream.url}/stream` })], [edge('trigger', 'big')]);
      const run = await runOf(carol, wf.id);
      expect(run.status).toBe('failed');
      expect(stepOf(run, 'big')).toMatchObject({ attempts: 1, error: `The answer of GET ${upstream.url}/stream is larger than ${formatBytes(limit)}, the most a file kept from an answer may be on this plan` });
      expect(await h.files.store.filesOfRun(run.id)).toEqual([]);
    } finally {
      streamedBytes = 1000;
    }
  });

  it('fails with the plan’s message, not as a passing outage, when the owner’s storage is full', async () => {
    const dave = await h.createUser('step-files-full', { tokens: 100 });
    await h.db.collection('storageUsage').doc(dave.uid).set({ bytes: PLAN_ENTITLEMENTS.basic.storageBytes - 10 });
    const wf = await h.saveWorkflow(dave.uid, [fileForm(), httpStep('chart', { method: 'GET', url: `${upstream.url}/chart` })], [edge('trigger', 'chart')]);
    const run = await runOf(dave, wf.id);
    expect(run.status).toBe('failed');
    expect(stepOf(run, 'chart').attempts).toBe(1);
    expect(stepOf(run, 'chart').error).toMatch(/^The file "sales chart.png": Your plan's file storage \(2000 MB\) is full/);
    expect(await h.files.store.filesOfRun(run.id)).toEqual([]);
  });
});

describe('the agent step reads attached files', () => {
  it('gives the model the text of a PDF and a Word file, delimited and named, and charges the call', async () => {
    const report = await uploadOne(alice, 'report', 'report.pdf', pdfBytes('Pump 7 pressure is 4 bar'));
    const contract = await uploadOne(alice, 'contract', 'contract.docx', await docxBytes('Clause 9: the client pays within 30 days.'));
    const wf = await h.saveWorkflow(
      alice.uid,
      [
        fileForm('report', 'contract'),
        node('reader', 'agent', { name: 'Reader', role: 'You are the document reader.', promptTemplate: 'Summarise the files.', output: { type: 'text' }, tools: { http: [], delegates: [] }, files: ['{{ input.report }}', '[input.contract]'] }),
      ],
      [edge('trigger', 'reader')],
    );
    fake.script({ match: { system: 'document reader' }, reply: { text: 'Pump 7 at 4 bar; payment in 30 days.', usage: { prompt: 4000, completion: 1000 } } });
    const before = await h.balance(alice.uid);
    const run = await runOf(alice, wf.id, { report, contract });
    expect(run.status).toBe('succeeded');
    expect(stepOf(run, 'reader').output).toBe('Pump 7 at 4 bar; payment in 30 days.');

    expect(fake.requests).toHaveLength(1);
    const prompt = fake.requests[0]!.lastUser;
    expect(prompt.startsWith('Summarise the files.\n\nAttached files (2)')).toBe(true);
    expect(prompt).toMatch(/<<<FILE 1: report\.pdf \(application\/pdf\)>>>\n[\s\S]*Pump 7 pressure is 4 bar[\s\S]*\n<<<END FILE 1>>>/);
    expect(prompt).toMatch(/<<<FILE 2: contract\.docx \(application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\)>>>\n[\s\S]*Clause 9: the client pays within 30 days\.[\s\S]*\n<<<END FILE 2>>>/);
    // The model call's usage is charged as usual (the start token besides).
    const charged = fake.platformTokens();
    expect(charged).toBeGreaterThan(0);
    expect(stepOf(run, 'reader').tokens).toBe(charged);
    expect(run.tokensUsed).toBe(charged + 1);
    expect(await h.balance(alice.uid)).toBe(before - charged - 1);
  });

  it('marks a text file cut at the extraction limit as truncated', async () => {
    const long = `Start of the log. ${'x'.repeat(FILE_LIMITS.maxExtractedChars)} END-OF-LOG`;
    const log = await uploadOne(alice, 'log', 'machine.log', Buffer.from(long));
    const wf = await h.saveWorkflow(
      alice.uid,
      [fileForm('log'), node('reader', 'agent', { name: 'Reader', role: 'You are the document reader.', promptTemplate: 'Read the log.', output: { type: 'text' }, tools: { http: [], delegates: [] }, files: ['{{ input.log }}'] })],
      [edge('trigger', 'reader')],
    );
    fake.script({ match: { system: 'document reader' }, reply: { text: 'Read.' } });
    const run = await runOf(alice, wf.id, { log });
    expect(run.status).toBe('succeeded');
    const prompt = fake.requests[0]!.lastUser;
    expect(prompt).toContain(`<<<FILE 1: machine.log (text/plain, truncated: only its first ${FILE_LIMITS.maxExtractedChars} characters)>>>\nStart of the log. x`);
    expect(prompt).not.toContain('END-OF-LOG');
  });

  it('fails once, naming the file, when a PDF’s text cannot be read', async () => {
    const broken = await uploadOne(alice, 'scan', 'scan.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x41)]));
    expect(broken.contentType).toBe('application/pdf');
    const wf = await h.saveWorkflow(
      alice.uid,
      [fileForm('scan'), node('reader', 'agent', { name: 'Reader', role: 'You are the document reader.', promptTemplate: 'Read.', output: { type: 'text' }, tools: { http: [], delegates: [] }, files: ['{{ input.scan }}'] })],
      [edge('trigger', 'reader')],
    );
    const run = await runOf(alice, wf.id, { scan: broken });
    expect(run.status).toBe('failed');
    expect(stepOf(run, 'reader').attempts).toBe(1);
    expect(stepOf(run, 'reader').error).toMatch(/^Attached file 1 \(\{\{ input\.scan \}\}\) \("scan\.pdf"\): its text could not be read \(.+\)$/);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a file that is not a PDF, Word or text file, naming it, before any model call', async () => {
    const photo = await uploadOne(alice, 'photo', 'site.png', png);
    const wf = await h.saveWorkflow(
      alice.uid,
      [fileForm('photo'), node('reader', 'agent', { name: 'Reader', role: 'You are the document reader.', promptTemplate: 'Read.', output: { type: 'text' }, tools: { http: [], delegates: [] }, files: ['{{ input.photo }}'] })],
      [edge('trigger', 'reader')],
    );
    const run = await runOf(alice, wf.id, { photo });
    expect(run.status).toBe('failed');
    expect(stepOf(run, 'reader').error).toBe('Attached file 1 ({{ input.photo }}) ("site.png"): an agent reads text from PDF, Word (.docx) and text files, not image/png');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a step reads only files of its own workflow’s runs', () => {
  const literal = (ref: FileRef) => JSON.stringify({ doc: { ...ref, name: 'x.pdf' } });

  it('refuses another user’s run file and the owner’s own unused upload, the same way, revealing nothing', async () => {
    const secretName = 'bob-payroll-secret.pdf';
    const bobs = await fileOfARun(bob, secretName, pdfBytes('Payroll'));
    const unused = await uploadOne(alice, 'doc', 'unused.pdf', pdfBytes('Never given to a run'));
    for (const ref of [bobs, unused]) {
      const wf = await h.saveWorkflow(
        alice.uid,
        [fileForm(), node('make', 'transform', { mapping: literal(ref) }), httpStep('send', { bodyKind: 'file', file: '{{ make.doc }}' })],
        [edge('trigger', 'make'), edge('make', 'send')],
      );
      const run = await runOf(alice, wf.id);
      expect(run.status).toBe('failed');
      expect(stepOf(run, 'send')).toMatchObject({ attempts: 1, error: "The file to send: this file cannot be used here; a step reads only files of this workflow's runs" });
      expect(JSON.stringify(run)).not.toContain(secretName);
    }
    expect(received).toHaveLength(0);
    // Nothing moved: the upload is still unused, Bob's file still his run's.
    expect((await h.files.store.get(unused.fileId))?.use).toEqual({ kind: 'upload' });
    expect((await h.files.store.get(bobs.fileId))?.ownerId).toBe(bob.uid);
  });

  it('refuses the owner’s file of another workflow’s run to an agent, before any model call', async () => {
    const elsewhere = await fileOfARun(alice, 'other-workflow.pdf', pdfBytes('Another workflow'));
    const wf = await h.saveWorkflow(
      alice.uid,
      [
        fileForm(),
        node('make', 'transform', { mapping: literal(elsewhere) }),
        node('reader', 'agent', { name: 'Reader', role: 'You are the document reader.', promptTemplate: 'Read.', output: { type: 'text' }, tools: { http: [], delegates: [] }, files: ['{{ make.doc }}'] }),
      ],
      [edge('trigger', 'make'), edge('make', 'reader')],
    );
    const run = await runOf(alice, wf.id);
    expect(run.status).toBe('failed');
    expect(stepOf(run, 'reader').error).toBe("Attached file 1 ({{ make.doc }}): this file cannot be used here; a step reads only files of this workflow's runs");
    expect(fake.requests).toHaveLength(0);
  });

  it('lets a re-run of the same workflow read the earlier run’s input file', async () => {
    const pdf = pdfBytes('Re-run me');
    const doc = await uploadOne(alice, 'doc', 'again.pdf', pdf);
    const wf = await h.saveWorkflow(alice.uid, [fileForm('doc'), httpStep('send', { bodyKind: 'file', file: '{{ input.doc }}' })], [edge('trigger', 'send')]);
    const first = await runOf(alice, wf.id, { doc });
    expect(first.status).toBe('succeeded');
    const again = await h.call('POST', `/api/workflows/${wf.id}/runs`, { user: alice, body: { input: {}, rerunOf: first.id } });
    expect(again.status).toBe(202);
    const second = await h.waitForRun(again.body.runId, ['succeeded', 'failed'], 30_000);
    expect(second.status).toBe('succeeded');
    expect(received.map((r) => r.body.equals(pdf))).toEqual([true, true]);
  });
});
