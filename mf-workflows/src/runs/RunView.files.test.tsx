// The run view's files: the run input's and each step's (a decision's
// attachments among them), each with its name, size and Download (a fresh
// short-lived link, asked for when pressed), a thumbnail for images only; and
// the approval panel's attachments, uploaded before the decision goes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, type SupportedLanguage } from '@agentflow/shared';
import type { WorkflowRun } from '@agentflow/shared/workflow';
import { RunView } from './RunView';
import { at, createFakeRunsServer, fakeFileId, fakeFileRef, fakeRun, fakeStep, jsonResponse, type FakeRunsServer } from './testing/fakeRunsServer';
import { renderRuns } from '../testing/renderRuns';

const STREAM = { reconnectDelayMs: 10, maxDelayMs: 40 };

const photo = fakeFileRef(1, { name: 'site.jpg', contentType: 'image/jpeg', size: 2_400_000 });
const report = fakeFileRef(2, { name: 'inspection-report-for-the-north-warehouse-roof.pdf', size: 120_000 });
const answer = fakeFileRef(3, { name: 'certificate.pdf', size: 48_000 });
const signed = fakeFileRef(4, { name: 'signed-form.png', contentType: 'image/png', size: 900 });

function finishedRun(): WorkflowRun {
  return fakeRun({
    status: 'succeeded',
    startedAt: at(0),
    endedAt: at(9),
    input: { photo, report, note: 'roof' },
    steps: [
      fakeStep({ id: 'trigger', name: 'Site visit', type: 'trigger.manual', status: 'succeeded', input: { photo, report }, output: { photo, report }, attempts: 1 }),
      fakeStep({ id: 'read', name: 'Read the report', type: 'agent', status: 'succeeded', input: { input: { photo, report } }, output: 'The roof is fine.', attempts: 1 }),
      fakeStep({ id: 'certify', name: 'Get the certificate', type: 'http', status: 'succeeded', input: { report }, output: { status: 200, body: answer }, attempts: 1 }),
      fakeStep({ id: 'approve', name: 'Manager approval', type: 'approval', status: 'succeeded', output: { approved: true, by: 'user-2', byEmail: null, comment: 'ok', decidedAt: at(8), attachments: [signed] }, attempts: 1 }),
    ],
  });
}

function renderView(server: FakeRunsServer, language: SupportedLanguage = 'en') {
  return renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" stream={STREAM} />} />, '/workflows/wf-1/runs/run-1', {
    language,
  });
}

const step = (id: string) => document.querySelector(`[data-testid="run-step"][data-step-id="${id}"]`) as HTMLElement;
const names = (list: HTMLElement) => within(list).getAllByTestId('file-item').map((item) => item.querySelector('.file-name')!.textContent);
const linkRequests = (server: FakeRunsServer) => server.requests.filter((r) => r.path.endsWith('/link')).map((r) => r.path);

let clicked: string[] = [];
beforeEach(() => {
  clicked = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.href);
  });
});
afterEach(() => jest.restoreAllMocks());

test('the run input’s files and each step’s: name and size; a thumbnail (its link fetched) for images only', async () => {
  const server = createFakeRunsServer({ runs: [finishedRun()] });
  renderView(server);
  const input = await screen.findByTestId('run-input-files');
  expect(within(input).getByRole('heading', { name: 'Input files' })).toBeInTheDocument();
  expect(names(input)).toEqual(['site.jpg', 'inspection-report-for-the-north-warehouse-roof.pdf']);
  expect(within(input).getAllByTestId('file-item')[0]).toHaveTextContent('2.4 MB');
  expect(within(input).getAllByTestId('file-item')[1]).toHaveTextContent('120 kB');
  // The image's thumbnail is a fresh link; the PDF has none.
  const thumbnail = await within(input).findByRole('img', { name: 'site.jpg' });
  expect(thumbnail).toHaveAttribute('src', expect.stringMatching(new RegExp(`^http://platform\\.test/api/files/${fakeFileId(1)}/content\\?`)));
  expect(within(input).getAllByTestId('file-thumbnail')).toHaveLength(1);
  expect(within(input).getAllByTestId('file-item')[1]!.querySelector('img')).toBeNull();

  // The trigger's files are the run input's: not listed twice.
  expect(within(step('trigger')).queryByTestId('step-files-out')).not.toBeInTheDocument();
  // The agent was given both files; the HTTP step was given the report and produced the certificate.
  expect(names(within(step('read')).getByTestId('step-files-in'))).toEqual(['site.jpg', 'inspection-report-for-the-north-warehouse-roof.pdf']);
  expect(within(step('read')).queryByTestId('step-files-out')).not.toBeInTheDocument();
  expect(names(within(step('certify')).getByTestId('step-files-out'))).toEqual(['certificate.pdf']);
  expect(within(step('certify')).getByRole('heading', { name: 'Files out' })).toBeInTheDocument();
  // The decision's attachments, with a thumbnail (a PNG).
  const attachments = within(step('approve')).getByTestId('step-files-out');
  expect(within(attachments).getByRole('heading', { name: 'Attachments' })).toBeInTheDocument();
  expect(names(attachments)).toEqual(['signed-form.png']);
  expect(await within(attachments).findByRole('img', { name: 'signed-form.png' })).toBeInTheDocument();
  // Only images asked for a link, each once however often it is listed.
  await waitFor(() => expect(new Set(linkRequests(server))).toEqual(new Set([`/api/files/${fakeFileId(1)}/link`, `/api/files/${fakeFileId(4)}/link`])));
  expect(linkRequests(server)).toHaveLength(2);
});

test('Download asks for a fresh link when pressed and opens it', async () => {
  const server = createFakeRunsServer({ runs: [finishedRun()] });
  renderView(server);
  await screen.findAllByTestId('run-step');
  const certify = step('certify');
  expect(linkRequests(server)).not.toContain(`/api/files/${fakeFileId(3)}/link`);
  fireEvent.click(within(certify).getByRole('button', { name: 'Download certificate.pdf' }));
  await waitFor(() => expect(clicked).toHaveLength(1));
  expect(linkRequests(server)).toContain(`/api/files/${fakeFileId(3)}/link`);
  expect(clicked[0]).toMatch(new RegExp(`^http://platform\\.test/api/files/${fakeFileId(3)}/content\\?exp=1&sig=link-\\d+$`));
});

test('a download refused says why in the user’s language (German)', async () => {
  const server = createFakeRunsServer({ runs: [finishedRun()] });
  server.once('POST', new RegExp(`/api/files/${fakeFileId(3)}/link$`), () => jsonResponse(404, { error: 'File not found', code: 'file_not_found' }));
  renderView(server, 'de');
  await screen.findAllByTestId('run-step');
  const certify = step('certify');
  expect(within(certify).getByRole('heading', { name: 'Erzeugte Dateien' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Eingabedateien' })).toBeInTheDocument();
  fireEvent.click(within(certify).getByRole('button', { name: 'certificate.pdf herunterladen' }));
  expect(await within(certify).findByRole('alert')).toHaveTextContent('Diese Datei gibt es nicht, oder Sie dürfen sie nicht sehen.');
  expect(clicked).toEqual([]);
});

describe('decision attachments', () => {
  const waiting = () =>
    fakeRun({
      status: 'waiting',
      startedAt: at(0),
      // The signed-in test user is the step's approver (named by uid).
      snapshot: { nodes: [{ id: 'approve', type: 'approval', name: 'Manager approval', position: { x: 0, y: 0 }, params: { approvers: ['user-1'], message: 'Sign the form.' } }], edges: [] } as WorkflowRun['snapshot'],
      steps: [fakeStep({ id: 'approve', name: 'Manager approval', type: 'approval', status: 'waiting', startedAt: at(1), input: { message: 'Sign the form.' } })],
    });
  const attach = (files: File[]) => fireEvent.change(within(screen.getByTestId('decision-files')).getByLabelText('Attach a file'), { target: { files } });
  const form = (name = 'signed.pdf') => new File([new Uint8Array(3000)], name, { type: 'application/pdf' });

  test('the approver attaches files: uploaded first, then sent as the decision’s attachments', async () => {
    const server = createFakeRunsServer({ runs: [waiting()] });
    renderView(server);
    await screen.findByTestId('run-approval');
    attach([form(), new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' })]);
    // Sizes in the page's numerals (Intl puts a no-break space before the unit).
    const chips = screen.getAllByTestId('decision-file').map((chip) => [chip.querySelector('.file-name')!.textContent, chip.querySelector('.file-size')!.textContent!.replace(/\s/g, ' ')]);
    expect(chips).toEqual([
      ['signed.pdf', '3.0 kB'],
      ['photo.png', '10 B'],
    ]);
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'Signed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: the run continues')).toBeInTheDocument();
    const calls = server.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(calls).toEqual(['/api/files', '/api/runs/run-1/approve']);
    const upload = server.requests.find((r) => r.path === '/api/files')!.body as FormData;
    expect([...upload.keys()]).toEqual(['attachments.0', 'attachments.1']);
    expect(server.requests.at(-1)!.body).toEqual({
      stepId: 'approve',
      comment: 'Signed',
      attachments: [
        { fileId: fakeFileId(1), name: 'signed.pdf', contentType: 'application/pdf', size: 3000 },
        { fileId: fakeFileId(2), name: 'photo.png', contentType: 'image/png', size: 10 },
      ],
    });
    expect(screen.queryAllByTestId('decision-file')).toHaveLength(0);
  });

  test('at most five; one removed goes away; a refused upload is explained and the decision not sent', async () => {
    const server = createFakeRunsServer({ runs: [waiting()] });
    server.once('POST', /^\/api\/files$/, () => jsonResponse(400, { error: 'attachments.0: files of type application/x-msdownload are not accepted here', code: 'file_type_not_allowed', field: 'attachments.0', contentType: 'application/x-msdownload' }));
    renderView(server);
    await screen.findByTestId('run-approval');
    attach([1, 2, 3, 4, 5, 6].map((n) => form(`page-${n}.pdf`)));
    expect(screen.getAllByTestId('decision-file')).toHaveLength(5);
    expect(screen.getByTestId('decision-file-error')).toHaveTextContent('Too many files at once. Send at most 5.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove page-5.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove page-4.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove page-3.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove page-2.pdf' }));
    expect(screen.getAllByTestId('decision-file').map((chip) => chip.querySelector('.file-name')!.textContent)).toEqual(['page-1.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByTestId('decision-file-error')).toHaveTextContent('page-1.pdf: This file is application/x-msdownload, which is not accepted here.');
    expect(server.requests.some((r) => r.path.endsWith('/reject'))).toBe(false);
    expect(screen.queryByText('That did not work')).not.toBeInTheDocument();
  });

  test('a file over the plan’s size is refused before anything is uploaded', async () => {
    const server = createFakeRunsServer({ runs: [waiting()] });
    renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" stream={STREAM} />} />, '/workflows/wf-1/runs/run-1', {
      membership: { membership: { userId: 'user-1', role: 'free', tokensRemaining: 5, tokensReset: at(0), stripeCustomerId: null, subscriptionId: null, createdAt: null, updatedAt: null } },
    });
    await screen.findByTestId('run-approval');
    expect(screen.getByText('Optional: up to 5 files (a signed form, a photo), each up to 5.0 MB.')).toBeInTheDocument();
    attach([new File([new Uint8Array(5_000_001)], 'scan.pdf', { type: 'application/pdf' })]);
    expect(screen.getByTestId('decision-file-error')).toHaveTextContent('scan.pdf: This file is larger than 5.0 MB, the most your plan takes.');
    expect(screen.queryAllByTestId('decision-file')).toHaveLength(0);
    expect(server.requests.some((r) => r.path === '/api/files')).toBe(false);
  });
});
