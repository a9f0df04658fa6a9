// An agent's HTTP tool with a secret in a header: a warning under the agent's
// tools and in the problems list, moved into a new vault credential in one
// click (the header leaves that tool, the tool names the credential), which
// autosave saves. platform-api is faked at the fetch boundary.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { templateById, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from './testing/xyflowStubs';
import type { fakeWorkflowDocs } from './testing/fakeWorkflowDocs';
import { createFakeCredentialsServer, fakeCredential } from '../credentials/testing/fakeCredentialsServer';
import { renderBuilderWithCredentials } from '../testing/renderBuilderWithCredentials';

installXyflowStubs();

const CRM_KEY = 'crm-live-key-0042';
const ERP_TOKEN = 'erp-live-token-0077';

const tool = (name: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name}`,
  method: 'GET',
  url: `https://${name}.example.com/api`,
  headers,
  ...extra,
});

/** The sales template's copy whose agent "Follow-up writer" (draft) has these HTTP tools. */
function workflowWithTools(http: unknown[]): Workflow {
  const template = templateById('tpl-sales-follow-up-email')!;
  const nodes = template.nodes.map((node) => (node.id === 'draft' ? { ...node, params: { ...node.params, tools: { http, delegates: [] } } } : node));
  return { ...template, id: 'wf-1', visibility: 'private', ownerId: 'user-1', version: 2, nodes } as Workflow;
}

async function openAgent(workflow: Workflow) {
  const server = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c1', name: 'OpenAI work' })] });
  const opened = await renderBuilderWithCredentials(workflow, server);
  fireEvent.click(document.querySelector<HTMLElement>('[data-testid="builder-node"][data-node-id="draft"]')!);
  const panel = await screen.findByTestId('config-panel');
  return { ...opened, panel };
}

const savedTools = (docs: ReturnType<typeof fakeWorkflowDocs>) =>
  (docs.saves.at(-1)?.workflow.nodes.find((n) => n.id === 'draft')?.params.tools as { http: Array<Record<string, unknown>> } | undefined)?.http;
const posts = (server: ReturnType<typeof createFakeCredentialsServer>) => server.requests.filter((r) => r.method === 'POST');
const warningOf = (panel: HTMLElement, text: string) => within(panel).getAllByTestId('literal-secret-warning').find((w) => w.textContent?.includes(text))!;

test('moving a tool’s secret creates the credential and rewrites that tool: header gone, credentialId set; autosave saves it', async () => {
  const { server, docs, panel } = await openAgent(
    workflowWithTools([tool('crm', { 'X-Api-Key': CRM_KEY, Accept: 'application/json' }), tool('erp', { Authorization: `Bearer ${ERP_TOKEN}` })]),
  );
  // Both tools' secrets are warnings under the tools (and in the problems list), each with its move.
  const warnings = within(panel).getByTestId('agent-tool-secrets');
  expect(within(warnings).getAllByTestId('literal-secret-warning').map((w) => w.textContent)).toEqual([
    expect.stringMatching(/^The header “X-Api-Key” of the tool “crm” holds a secret in plain text.*move this secret to a credential\.Move to a credential$/),
    expect.stringMatching(/^The header “Authorization” of the tool “erp” holds a secret in plain text.*Move to a credential$/),
  ]);
  const problems = within(screen.getByTestId('problems-list')).getByTestId('warnings-list');
  expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Warning – Follow-up writer \(tools\.http\.0\.headers\.X-Api-Key\): The header “X-Api-Key” of the tool “crm”.*move this secret to a credential/),
    expect.stringMatching(/^Warning – Follow-up writer \(tools\.http\.1\.headers\.Authorization\): The header “Authorization” of the tool “erp”/),
  ]);

  const crm = within(warningOf(panel, '“crm”')).getByRole('button', { name: 'Move to a credential' });
  expect(crm).toHaveAccessibleDescription(/The header “X-Api-Key” of the tool “crm”/);
  fireEvent.click(crm);

  await waitFor(() => expect(posts(server)).toHaveLength(1));
  expect(posts(server)[0]).toMatchObject({
    path: '/api/credentials',
    body: { type: 'httpHeader', name: 'Follow-up writer · crm – X-Api-Key', settings: { headerName: 'X-Api-Key' }, secrets: { headerValue: CRM_KEY } },
  });
  // Only the erp tool's warning is left, in the form and in the problems list; the tools' JSON shows the credential.
  await waitFor(() => expect(within(panel).getAllByTestId('literal-secret-warning')).toHaveLength(1));
  expect(within(panel).getByTestId('literal-secret-warning')).toHaveTextContent('“erp”');
  expect(within(within(screen.getByTestId('problems-list')).getByTestId('warnings-list')).getAllByRole('listitem')).toHaveLength(1);
  const json = toolsJson(panel);
  expect(json.value).toContain('"credentialId": "cred-1"');
  expect(json.value).not.toContain(CRM_KEY);

  await waitFor(() => expect(savedTools(docs)?.[0]).toMatchObject({ credentialId: 'cred-1' }), { timeout: 5000 });
  const [savedCrm, savedErp] = savedTools(docs)!;
  expect(savedCrm).toEqual(tool('crm', { Accept: 'application/json' }, { credentialId: 'cred-1' }));
  expect(savedErp).toEqual(tool('erp', { Authorization: `Bearer ${ERP_TOKEN}` }));
  expect(JSON.stringify(docs.saves.at(-1)!.workflow)).not.toContain(CRM_KEY);

  // The erp tool's bearer token moves as a bearer credential.
  fireEvent.click(within(panel).getByRole('button', { name: 'Move to a credential' }));
  await waitFor(() => expect(savedTools(docs)?.[1]).toMatchObject({ credentialId: 'cred-2' }), { timeout: 5000 });
  expect(posts(server)[1]?.body).toEqual({ type: 'httpBearer', name: 'Follow-up writer · erp – Authorization', settings: {}, secrets: { token: ERP_TOKEN } });
  expect(savedTools(docs)?.[1]).toEqual(tool('erp', {}, { credentialId: 'cred-2' }));
  expect(within(panel).queryByTestId('agent-tool-secrets')).toBeNull();
  expect(within(screen.getByTestId('problems-list')).queryByTestId('warnings-list')).toBeNull();
});

test('a failed create says why and leaves the tool as it was; a tool that names a credential keeps its header, with the reason', async () => {
  const { server, docs, panel } = await openAgent(
    workflowWithTools([tool('crm', { 'X-Api-Key': CRM_KEY }), tool('erp', { 'X-Auth-Token': ERP_TOKEN }, { credentialId: 'c9' })]),
  );
  const erp = warningOf(panel, '“erp”');
  expect(within(erp).queryByRole('button')).toBeNull();
  expect(erp).toHaveTextContent('This tool already uses a credential, and a tool uses only one');

  server.once('POST', /^\/api\/credentials$/, () => new Response(JSON.stringify({ error: 'no key', code: 'credentials_not_configured' }), { status: 503, headers: { 'Content-Type': 'application/json' } }));
  fireEvent.click(within(warningOf(panel, '“crm”')).getByRole('button', { name: 'Move to a credential' }));
  expect(await within(panel).findByText(/^The secret was not moved: /)).toBeInTheDocument();
  expect(within(panel).getAllByTestId('literal-secret-warning')).toHaveLength(2);
  expect(toolsJson(panel).value).toContain(CRM_KEY);
  expect(docs.saves.every((save) => !JSON.stringify(save.workflow).includes('"credentialId":"cred-'))).toBe(true);

  // Tried again, it moves (and the failure goes).
  fireEvent.click(within(warningOf(panel, '“crm”')).getByRole('button', { name: 'Move to a credential' }));
  await waitFor(() => expect(savedTools(docs)?.[0]).toEqual(tool('crm', {}, { credentialId: 'cred-1' })), { timeout: 5000 });
  expect(within(panel).queryByText(/^The secret was not moved: /)).toBeNull();
  expect(savedTools(docs)?.[1]).toEqual(tool('erp', { 'X-Auth-Token': ERP_TOKEN }, { credentialId: 'c9' }));
});

/** The tools' JSON view (the form is shown first). */
function toolsJson(panel: HTMLElement): HTMLTextAreaElement {
  const field = within(panel).getByText('Web tools').closest('[data-testid="structured-field"]') as HTMLElement;
  fireEvent.click(within(field).getByRole('button', { name: 'Edit as JSON' }));
  return within(panel).getByLabelText('Tools (JSON)') as HTMLTextAreaElement;
}
