// The run form's file fields: picked files are checked against the plan's size
// and the field's types before anything is uploaded, uploaded together on
// Start, and their FileRefs are the input of the run that starts; a refusal
// from either call lands under the field it names, in the user's language.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRemoteCatalogs, type PlanRole, type SupportedLanguage } from '@agentflow/shared';
import { emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { RunForm } from './RunForm';
import { RUNS_CATALOGS } from './i18n';
import { createFakeRunsServer, fakeFileId, jsonResponse, type FakeRunsServer } from './testing/fakeRunsServer';

// The plans' limits are in decimal megabytes (entitlements).
const MB = 1_000_000;

function fieldServiceWorkflow(): Pick<Workflow, 'id' | 'name' | 'nodes'> {
  const workflow = emptyWorkflow('user-1', 'Site visit', { id: 'wf-1' });
  workflow.nodes[0]!.params = {
    inputSchema: [
      { key: 'photo', label: 'Site photo', type: 'file', required: true, accept: ['image/*'] },
      { key: 'report', label: 'Signed report', type: 'file', required: false, accept: ['application/pdf'] },
      { key: 'note', label: 'Note', type: 'string', required: false },
    ],
  };
  return workflow;
}

const membership = (role: PlanRole) => ({
  userId: 'user-1',
  role,
  tokensRemaining: 50,
  tokensReset: '2024-07-01T00:00:00.000Z',
  stripeCustomerId: null,
  subscriptionId: null,
  createdAt: null,
  updatedAt: null,
});

const onStarted = jest.fn();
beforeEach(() => onStarted.mockReset());

function Form({ server }: { server: FakeRunsServer }) {
  useRemoteCatalogs(RUNS_CATALOGS);
  return <RunForm workflow={fieldServiceWorkflow()} client={server.client} onStarted={onStarted} />;
}

function renderForm({ language = 'en', role = 'free' }: { language?: SupportedLanguage; role?: PlanRole } = {}) {
  const server = createFakeRunsServer();
  renderWithProviders(
    <>
      <Form server={server} />
      <LocationProbe />
    </>,
    { user: testUser(), language, route: '/workflows/wf-1/runs', membership: { membership: membership(role) } },
  );
  return server;
}

const photo = () => new File([new Uint8Array(2048)], 'site.jpg', { type: 'image/jpeg' });
const pdf = (bytes = 4096) => new File([new Uint8Array(bytes)], 'report.pdf', { type: 'application/pdf' });
const fieldOf = (key: string) => document.querySelector<HTMLElement>(`[data-field="${key}"]`)!;
const pickInto = (key: string, file: File) => fireEvent.change(within(fieldOf(key)).getByTestId('file-picker').querySelector('input[type="file"]')!, { target: { files: [file] } });
const paths = (server: FakeRunsServer) => server.requests.map((r) => `${r.method} ${r.path}`);

test('a file field is a picker for the field’s types; the chosen file shows its name and size', () => {
  renderForm();
  const input = screen.getByLabelText(/Site photo/) as HTMLInputElement;
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('accept', 'image/*');
  expect(input).toBeRequired();
  expect(screen.getByLabelText(/Signed report/)).toHaveAttribute('accept', 'application/pdf');
  expect(within(fieldOf('photo')).getByText('Images, up to 5.0 MB')).toBeInTheDocument();
  expect(within(fieldOf('photo')).getByText('No file chosen')).toBeInTheDocument();
  pickInto('photo', photo());
  expect(within(fieldOf('photo')).getByTestId('file-chosen')).toHaveTextContent('site.jpg2.0 kB');
  expect(within(fieldOf('photo')).getByText('Choose another file')).toBeInTheDocument();
});

test('Start uploads every picked file in one request, then starts the run with their FileRefs in the input', async () => {
  const server = renderForm();
  pickInto('photo', photo());
  pickInto('report', pdf());
  fireEvent.change(screen.getByLabelText('Note'), { target: { value: ' urgent ' } });
  fireEvent.click(screen.getByTestId('run-submit'));
  await waitFor(() => expect(onStarted).toHaveBeenCalledWith('run-100'));
  expect(paths(server)).toEqual(['POST /api/files', 'POST /api/workflows/wf-1/runs']);
  const form = server.requests[0]!.body as FormData;
  expect((form.get('photo') as File).name).toBe('site.jpg');
  expect((form.get('report') as File).name).toBe('report.pdf');
  expect(server.requests[1]!.body).toEqual({
    input: {
      note: 'urgent',
      photo: { fileId: fakeFileId(1), name: 'site.jpg', contentType: 'image/jpeg', size: 2048 },
      report: { fileId: fakeFileId(2), name: 'report.pdf', contentType: 'application/pdf', size: 4096 },
    },
  });
});

test('a required file field left empty is refused before anything is sent', () => {
  const server = renderForm();
  fireEvent.click(screen.getByTestId('run-submit'));
  expect(within(fieldOf('photo')).getByRole('alert')).toHaveTextContent('This field is required');
  expect(screen.getByLabelText(/Site photo/)).toHaveAttribute('aria-invalid', 'true');
  expect(server.requests).toEqual([]);
});

test('a file over the plan’s size, or of a type the field does not take, is refused at once and never uploaded', async () => {
  const server = renderForm({ role: 'free' });
  pickInto('photo', pdf());
  expect(within(fieldOf('photo')).getByRole('alert')).toHaveTextContent('This field takes Images only.');
  pickInto('photo', photo());
  expect(within(fieldOf('photo')).queryByRole('alert')).not.toBeInTheDocument();
  pickInto('report', pdf(5 * MB + 1));
  expect(within(fieldOf('report')).getByRole('alert')).toHaveTextContent('This file is larger than 5.0 MB, the most your plan takes.');
  fireEvent.click(screen.getByTestId('run-submit'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(server.requests).toEqual([]);
  expect(onStarted).not.toHaveBeenCalled();
});

test('a bigger plan takes bigger files', () => {
  renderForm({ role: 'premium' });
  pickInto('report', pdf(6 * MB));
  expect(within(fieldOf('report')).queryByRole('alert')).not.toBeInTheDocument();
  expect(within(fieldOf('report')).getByText('PDF, up to 25 MB')).toBeInTheDocument();
});

test('the runs API refusing a file: its words under the field it names (input. stripped), the upload dropped and done again next time', async () => {
  const server = renderForm();
  server.once('POST', /\/api\/workflows\/wf-1\/runs$/, () =>
    jsonResponse(400, { error: 'input.photo: files of type image/gif are not accepted here', code: 'file_type_not_allowed', field: 'input.photo', contentType: 'image/gif' }),
  );
  pickInto('photo', photo());
  fireEvent.click(screen.getByTestId('run-submit'));
  expect(await within(fieldOf('photo')).findByRole('alert')).toHaveTextContent('This file is image/gif, which is not accepted here.');
  expect(within(fieldOf('report')).queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByText(/are not accepted here/)).not.toBeInTheDocument();
  expect(onStarted).not.toHaveBeenCalled();
  await waitFor(() => expect(server.discarded).toEqual([fakeFileId(1)]));

  pickInto('photo', new File([new Uint8Array(10)], 'other.png', { type: 'image/png' }));
  fireEvent.click(screen.getByTestId('run-submit'));
  await waitFor(() => expect(onStarted).toHaveBeenCalled());
  expect(paths(server).filter((p) => p === 'POST /api/files')).toHaveLength(2);
});

test('the upload refused (too large for the plan): under that field, nothing started', async () => {
  const server = renderForm();
  server.once('POST', /^\/api\/files$/, () => jsonResponse(413, { error: 'report: the file is larger than 5.0 MB', code: 'file_too_large', field: 'report', maxBytes: 5 * MB }));
  pickInto('photo', photo());
  pickInto('report', pdf());
  fireEvent.click(screen.getByTestId('run-submit'));
  expect(await within(fieldOf('report')).findByRole('alert')).toHaveTextContent('This file is larger than 5.0 MB, the most your plan takes.');
  expect(paths(server)).toEqual(['POST /api/files']);
});

test('a start refused for another reason keeps the uploads: trying again does not upload them twice', async () => {
  const server = renderForm();
  server.once('POST', /\/api\/workflows\/wf-1\/runs$/, () => jsonResponse(402, { error: 'Not enough tokens', code: 'insufficient_tokens' }));
  pickInto('photo', photo());
  fireEvent.click(screen.getByTestId('run-submit'));
  await screen.findByTestId('run-refusal');
  fireEvent.click(screen.getByTestId('run-submit'));
  await waitFor(() => expect(onStarted).toHaveBeenCalledWith('run-100'));
  expect(paths(server)).toEqual(['POST /api/files', 'POST /api/workflows/wf-1/runs', 'POST /api/workflows/wf-1/runs']);
  expect(server.requests[2]!.body).toMatchObject({ input: { photo: { fileId: fakeFileId(1) } } });
});

test('a full storage says so and links to the plans', async () => {
  const server = renderForm();
  server.once('POST', /^\/api\/files$/, () => jsonResponse(403, { error: "Your plan's file storage (100 MB) is full", code: 'plan_limit_reached', feature: 'storage', plan: 'basic' }));
  pickInto('photo', photo());
  fireEvent.click(screen.getByTestId('run-submit'));
  const alert = await screen.findByTestId('run-form-error');
  expect(alert).toHaveTextContent('Your file storage is full. Delete old runs or upgrade your plan.');
  fireEvent.click(within(alert).getByRole('link', { name: 'See plans' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/billing/plans');
  expect(paths(server)).toEqual(['POST /api/files']);
});

test('German: the picker, the checks and a refusal from the service', async () => {
  const server = renderForm({ language: 'de' });
  server.once('POST', /\/api\/workflows\/wf-1\/runs$/, () => jsonResponse(400, { error: 'input.photo: must be a file you uploaded and have not used yet', code: 'file_not_usable', field: 'input.photo' }));
  expect(within(fieldOf('photo')).getByText('Datei auswählen')).toBeInTheDocument();
  expect(within(fieldOf('photo')).getByText('Keine Datei ausgewählt')).toBeInTheDocument();
  expect(within(fieldOf('photo')).getByText('Bilder, bis 5,0 MB')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('run-submit'));
  expect(within(fieldOf('photo')).getByRole('alert')).toHaveTextContent('Dieses Feld ist erforderlich');
  pickInto('photo', pdf());
  expect(within(fieldOf('photo')).getByRole('alert')).toHaveTextContent('Dieses Feld nimmt nur Bilder an.');
  pickInto('report', pdf(5 * MB + 1));
  expect(within(fieldOf('report')).getByRole('alert')).toHaveTextContent('Diese Datei ist größer als 5,0 MB, das Maximum Ihres Tarifs.');
  pickInto('report', pdf());
  pickInto('photo', photo());
  fireEvent.click(screen.getByTestId('run-submit'));
  expect(await within(fieldOf('photo')).findByRole('alert')).toHaveTextContent('Diese Datei wurde bereits verwendet oder ist abgelaufen. Bitte laden Sie sie erneut hoch.');
  expect(screen.getByTestId('run-submit')).toHaveTextContent('Ausführung starten');
});
