// Voice "run workflow X": asked by voice, a workflow with nothing to fill in
// starts at once (trigger 'voice') and its live run opens; one asking for a
// required input opens its run form; a link to the same address starts
// nothing. The name is looked up in the current workspace (the header's
// switcher) and among the workflows shared with the user, only those they may
// run; a name fitting two asks which and starts neither.
import { useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes, useNavigate } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import type { WorkspaceRoleId } from '@agentflow/shared/workspaces';
import type { Workflow } from '@agentflow/shared/workflow';
import { RunsClientContext } from '../runs/RunsClientContext';
import type { RunsClient } from '../api/runs';
import { CatalogueSourceProvider } from '../components/CatalogueSourceContext';
import { createFakeCatalogueSource, testWorkflow, type FakeCatalogueOptions } from '../testing/fakeCatalogueSource';
import { WorkflowsTexts } from '../i18n/WorkflowsTexts';
import { VoiceRunNotice } from './VoiceRunNotice';

const manual = (inputSchema: unknown[]) => [{ id: 'trigger', type: 'trigger.manual' as const, name: 'Start', position: { x: 0, y: 0 }, params: { inputSchema } }];
const MINE: Workflow[] = [
  testWorkflow({ id: 'wf-report', name: 'Daily report', nodes: manual([{ key: 'note', label: 'Note', type: 'text' }]) }),
  testWorkflow({ id: 'wf-lead', name: 'Score lead', nodes: manual([{ key: 'lead', label: 'Lead', type: 'text', required: true }]) }),
];
const inAcme = (overrides: Partial<Workflow> & Pick<Workflow, 'id' | 'name'>) =>
  testWorkflow({ ownerId: 'owner-1', organizationId: 'org-acme', visibility: 'organization', nodes: manual([]), ...overrides });

/** Arrives at /workflows?run=<name> as the shell's voice command does (with its router state), or as a link does (without). */
function Arrive({ name, byVoice }: { name: string; byVoice: boolean }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(`/workflows?run=${encodeURIComponent(name)}`, byVoice ? { state: { voiceRun: true } } : undefined), [navigate, name, byVoice]);
  return null;
}

interface Setup {
  catalogue?: FakeCatalogueOptions;
  /** The current workspace: personal (default), or Acme with this role. */
  acmeRole?: WorkspaceRoleId;
}

function renderNotice(name: string, byVoice: boolean, start: RunsClient['start'], { catalogue = { mine: MINE }, acmeRole }: Setup = {}) {
  const client = { start: jest.fn(start) } as unknown as RunsClient & { start: jest.Mock };
  const source = createFakeCatalogueSource(catalogue);
  const workspace = acmeRole
    ? { workspaces: [personalWorkspace(), organizationWorkspace({ roleId: acmeRole })], currentId: 'org-acme' }
    : { workspaces: [personalWorkspace(), organizationWorkspace()] };
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CatalogueSourceProvider source={source}>
        <RunsClientContext.Provider value={client}>
          <Routes>
            <Route path="/" element={<Arrive name={name} byVoice={byVoice} />} />
            <Route
              path="/workflows"
              element={
                <WorkflowsTexts>
                  <VoiceRunNotice name={name} signedIn onDismiss={() => undefined} />
                </WorkflowsTexts>
              }
            />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </RunsClientContext.Provider>
      </CatalogueSourceProvider>
    </QueryClientProvider>,
    { user: testUser(), workspace },
  );
  return client;
}
const location = () => screen.getByTestId('location').textContent ?? '';
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test('asked by voice, a workflow with no required input starts at once as a voice run, and its live run opens', async () => {
  const client = renderNotice('daily REPORT', true, async () => ({ runId: 'run-9' }));
  await waitFor(() => expect(location()).toBe('/workflows/wf-report/runs/run-9'));
  expect(client.start).toHaveBeenCalledTimes(1);
  expect(client.start).toHaveBeenCalledWith('wf-report', { input: {}, via: 'voice' });
});

test('asked by voice, a workflow asking for a required input opens its run form and starts nothing', async () => {
  const client = renderNotice('score lead', true, async () => ({ runId: 'never' }));
  await waitFor(() => expect(location()).toBe('/workflows/wf-lead/runs?run=1'));
  expect(client.start).not.toHaveBeenCalled();
});

test('a link to the same address (no voice) only shows the notice', async () => {
  const linked = renderNotice('Daily report', false, async () => ({ runId: 'never' }));
  expect(await screen.findByTestId('run-start')).toHaveAttribute('href', '/workflows/wf-report/runs?run=1');
  await settle();
  expect(linked.start).not.toHaveBeenCalled();
  expect(location()).toBe('/workflows?run=Daily%20report');
});

test('a voice start that fails says so and leaves the run form one click away', async () => {
  renderNotice('Daily report', true, async () => Promise.reject(new Error('Insufficient tokens')));
  expect(await screen.findByRole('alert')).toHaveTextContent('“Daily report” could not start. Start it from its run form.');
  expect(screen.getByTestId('run-start')).toHaveAttribute('href', '/workflows/wf-report/runs?run=1');
});

describe('in the current workspace', () => {
  const ACME = [inAcme({ id: 'wf-acme-quote', name: 'Send quote' }), inAcme({ id: 'wf-acme-trashed', name: 'Old intake', deletedAt: '2026-11-01T00:00:00.000Z' })];

  test('in an organization workspace, its workflow starts (not only personal ones)', async () => {
    const client = renderNotice('send quote', true, async () => ({ runId: 'run-acme' }), { acmeRole: 'workspace_runner', catalogue: { mine: MINE, organization: ACME } });
    await waitFor(() => expect(location()).toBe('/workflows/wf-acme-quote/runs/run-acme'));
    expect(client.start).toHaveBeenCalledWith('wf-acme-quote', { input: {}, via: 'voice' });
  });

  test('there, a personal workflow is not found, nor one in the trash', async () => {
    for (const name of ['Daily report', 'Old intake']) {
      const client = renderNotice(name, true, async () => ({ runId: 'never' }), { acmeRole: 'workspace_editor', catalogue: { mine: MINE, organization: ACME } });
      expect(await screen.findByText(`No workflow you can run in this workspace, or shared with you, is named “${name}”. Search below or switch workspaces.`)).toBeInTheDocument();
      expect(client.start).not.toHaveBeenCalled();
      document.body.innerHTML = '';
    }
  });

  test('a viewer of the workspace may not run its workflows: nothing starts', async () => {
    const client = renderNotice('send quote', true, async () => ({ runId: 'never' }), { acmeRole: 'workspace_viewer', catalogue: { mine: MINE, organization: ACME } });
    expect(await screen.findByText(/No workflow you can run in this workspace/)).toBeInTheDocument();
    await settle();
    expect(client.start).not.toHaveBeenCalled();
  });

  test('a workflow shared with the user as runner starts from any workspace; one shared as viewer does not', async () => {
    const shared = [
      testWorkflow({ id: 'wf-shared-run', ownerId: 'someone', name: 'Invoice chase', nodes: manual([]), sharedWith: { 'user-1': 'workspace_runner' } }),
      testWorkflow({ id: 'wf-shared-view', ownerId: 'someone', name: 'Payroll', nodes: manual([]), sharedWith: { 'user-1': 'workspace_viewer' } }),
    ];
    const client = renderNotice('invoice chase', true, async () => ({ runId: 'run-shared' }), { acmeRole: 'workspace_viewer', catalogue: { mine: MINE, organization: ACME, shared } });
    await waitFor(() => expect(location()).toBe('/workflows/wf-shared-run/runs/run-shared'));
    expect(client.start).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '';
    const viewer = renderNotice('payroll', true, async () => ({ runId: 'never' }), { catalogue: { mine: MINE, shared } });
    expect(await screen.findByText(/None of your workflows is named “payroll”/)).toBeInTheDocument();
    expect(viewer.start).not.toHaveBeenCalled();
  });

  test('a name two workflows answer to starts neither and asks which, each with its own run form', async () => {
    const shared = [testWorkflow({ id: 'wf-shared-report', ownerId: 'someone', name: 'Daily report', nodes: manual([]), sharedWith: { 'user-1': 'workspace_editor' } })];
    const client = renderNotice('daily report', true, async () => ({ runId: 'never' }), { catalogue: { mine: MINE, shared } });
    expect(await screen.findByText('More than one workflow you can run is named like “daily report”. Which one should run?')).toBeInTheDocument();
    const choices = within(screen.getByTestId('run-choices')).getAllByRole('link', { name: 'Run Daily report' });
    expect(choices.map((link) => link.getAttribute('href')).sort()).toEqual(['/workflows/wf-report/runs?run=1', '/workflows/wf-shared-report/runs?run=1']);
    await settle();
    expect(client.start).not.toHaveBeenCalled();
    expect(location()).toBe('/workflows?run=daily%20report');
  });
});
