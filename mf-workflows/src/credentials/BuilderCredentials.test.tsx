// The builder with the credentials area: an agent's model provider and model
// in its configuration form, and a credential the user no longer has marked
// on the node and in the problems list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { templateById, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from '../builder/testing/xyflowStubs';
import { createFakeCredentialsServer, fakeCredential } from './testing/fakeCredentialsServer';
import { renderBuilderWithCredentials } from '../testing/renderBuilderWithCredentials';

installXyflowStubs();

/** The sales template's copy, its agent ('draft') naming `credentialId`. */
function copy(credentialId?: string): Workflow {
  const template = templateById('tpl-sales-follow-up-email')!;
  const nodes = template.nodes.map((node) => (node.id === 'draft' ? { ...node, params: { ...node.params, ...(credentialId ? { credentialId } : {}) } } : node));
  return { ...template, id: 'wf-1', visibility: 'private', ownerId: 'user-1', version: 2, nodes } as Workflow;
}

async function open(workflow: Workflow) {
  const server = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c1', name: 'OpenAI work' })] });
  return renderBuilderWithCredentials(workflow, server);
}

const agentNode = () => document.querySelector<HTMLElement>('[data-testid="builder-node"][data-node-id="draft"]')!;

test('an agent whose credential is gone is a problem on the node and in the list, until another provider is picked', async () => {
  await open(copy('deleted-credential'));
  await waitFor(() => expect(within(screen.getByTestId('problems-list')).getByText(/AI credential was deleted/)).toBeInTheDocument());
  expect(Number(agentNode().dataset.problems)).toBeGreaterThan(0);

  fireEvent.click(agentNode());
  const panel = await screen.findByTestId('config-panel');
  await waitFor(() => expect(within(panel).getByLabelText('Model provider')).toHaveValue('deleted-credential'));
  fireEvent.change(within(panel).getByLabelText('Model provider'), { target: { value: 'c1' } });
  await waitFor(() => expect(agentNode()).toHaveAttribute('data-problems', '0'));
  expect(within(panel).getByRole('link', { name: 'Manage credentials' })).toHaveAttribute('href', '/workflows/credentials');
});

test('picking a model from the credential’s list is saved with the node', async () => {
  const { docs } = await open(copy());
  fireEvent.click(agentNode());
  const panel = await screen.findByTestId('config-panel');
  await within(panel).findByRole('option', { name: 'OpenAI work' });
  fireEvent.change(within(panel).getByLabelText('Model provider'), { target: { value: 'c1' } });
  fireEvent.change(await within(panel).findByRole('combobox', { name: 'Model' }), { target: { value: 'gpt-4o' } });
  await waitFor(() => expect(docs.saves.at(-1)?.workflow.nodes.find((n) => n.id === 'draft')?.params).toMatchObject({ credentialId: 'c1', model: 'gpt-4o' }), { timeout: 5000 });
});
