// The workflow lifecycle on the catalogue: new (with a trigger), a template's
// preview, rename, duplicate, export, trash with undo, the Trash tab's restore
// and delete forever, and importing a file as a new workflow.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRASH_RETENTION_DAYS } from '@agentflow/shared/workflow';
import { renderCatalogue } from '../testing/renderCatalogue';
import { createFakeCatalogueSource, FAKE_MINE, testWorkflow } from '../testing/fakeCatalogueSource';

jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const location = () => screen.getByTestId('location').textContent ?? '';
const cardIds = () => screen.queryAllByTestId('workflow-card').map((card) => card.getAttribute('data-workflow-id'));
const card = (id: string) => screen.getAllByTestId('workflow-card').find((each) => each.getAttribute('data-workflow-id') === id) as HTMLElement;
const loadedMine = async () => waitFor(() => expect(cardIds()).toEqual(FAKE_MINE.map((workflow) => workflow.id)));

/** jsdom's Blob has no text(). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

async function menuAction(id: string, item: string) {
  const button = within(card(id)).getByRole('button', { name: 'More actions' });
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
  fireEvent.click(button);
  const menu = within(card(id)).getByRole('menu');
  expect(within(menu).getAllByRole('menuitem').map((element) => element.textContent)).toEqual(['Rename', 'Duplicate', 'Export', 'Share…', 'Move to trash']);
  expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
  fireEvent.click(within(menu).getByRole('menuitem', { name: item }));
}

describe('a new workflow', () => {
  test('is named, starts with the trigger picked, is saved as version 1 and opens in the builder', async () => {
    const source = createFakeCatalogueSource({ createdId: 'wf-blank' });
    renderCatalogue('/workflows', { source });
    await loadedMine();
    fireEvent.click(screen.getByRole('button', { name: 'New workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'New workflow' });
    const name = within(dialog).getByLabelText('Workflow name');
    expect(name).toHaveValue('My workflow');
    const choices = within(dialog).getAllByRole('radio');
    expect(choices.map((choice) => (choice.closest('label') as HTMLElement).textContent)).toEqual([
      'ManualYou start it with a form, whenever you need it.',
      'WebhookAnother app starts it by calling a secret web address.',
      'ScheduleIt starts by itself at the times you choose.',
      'App triggerIt starts when something new appears in a connected app.',
      'Another workflow failsIt starts when a workflow that names it as its error workflow fails, with that run’s details.',
    ].map((text) => expect.stringContaining(text)));
    expect(within(dialog).getByRole('radio', { name: /^Manual/ })).toBeChecked();
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and open' }));
    expect(within(dialog).getByText('Give the workflow a name.')).toBeInTheDocument();
    expect(source.createWorkflow).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Nightly report' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Schedule/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and open' }));
    await waitFor(() => expect(location()).toBe('/workflows/wf-blank'));
    expect(source.createWorkflow).toHaveBeenCalledTimes(1);
    const [created, user] = source.createWorkflow.mock.calls[0]!;
    expect(created.name).toBe('Nightly report');
    expect(created.nodes.map((node) => [node.type, node.name])).toEqual([['trigger.schedule', 'Schedule trigger']]);
    expect(user).toEqual({ uid: 'user-1', name: expect.any(String) });
  });

  test('its trigger is named in the reader’s language, as the builder names new steps', async () => {
    const source = createFakeCatalogueSource({ createdId: 'wf-blank' });
    renderCatalogue('/workflows', { source, language: 'de' });
    fireEvent.click(await screen.findByRole('button', { name: 'Neuer Ablauf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Ablauf' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erstellen und öffnen' }));
    await waitFor(() => expect(source.createWorkflow).toHaveBeenCalledTimes(1));
    expect(source.createWorkflow.mock.calls[0]![0].nodes.map((node) => node.name)).toEqual(['Manueller Auslöser']);
  });

  test('can start as an error workflow, at an error trigger named in the reader’s language', async () => {
    const source = createFakeCatalogueSource({ createdId: 'wf-blank' });
    renderCatalogue('/workflows', { source, language: 'it' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nuovo flusso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo flusso di lavoro' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Un altro flusso non riesce/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea e apri' }));
    await waitFor(() => expect(source.createWorkflow).toHaveBeenCalledTimes(1));
    expect(source.createWorkflow.mock.calls[0]![0].nodes.map((node) => [node.type, node.name])).toEqual([['trigger.error', 'Attivatore di errore']]);
  });

  test('a failed create says so in the dialog and stays', async () => {
    renderCatalogue('/workflows', { source: createFakeCatalogueSource({ fail: { create: true } }) });
    await loadedMine();
    fireEvent.click(screen.getByRole('button', { name: 'New workflow' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and open' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('could not be created');
    expect(location()).toBe('/workflows');
  });
});

describe('a template’s preview', () => {
  test('shows what it does before copying: description, steps in order, apps, inputs; Use template copies it', async () => {
    const template = testWorkflow({
      id: 'tpl-crm',
      ownerId: 'system',
      visibility: 'template',
      name: 'Deal from a form',
      description: 'Creates a HubSpot deal from a form.',
      nodes: [
        { id: 'deal', type: 'connector', name: 'Create the deal', position: { x: 0, y: 200 }, params: { connector: 'hubspot', operation: 'createDeal', params: {} } },
        { id: 'start', type: 'trigger.manual', name: 'Form', position: { x: 0, y: 0 }, params: { inputSchema: [{ key: 'company', label: 'Company', type: 'string', required: true }, { key: 'notes', label: 'Notes', type: 'string' }] } },
        { id: 'shape', type: 'transform', name: 'Shape the deal', position: { x: 0, y: 100 }, params: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'shape' },
        { id: 'e2', source: 'shape', target: 'deal' },
      ],
    });
    const source = createFakeCatalogueSource({ templates: [template], createdId: 'wf-copy' });
    renderCatalogue('/workflows?tab=templates', { source });
    await waitFor(() => expect(cardIds()).toEqual(['tpl-crm']));
    fireEvent.click(within(card('tpl-crm')).getByRole('button', { name: /^Use template/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Template: Deal from a form' });
    expect(dialog).toHaveAccessibleDescription('Creates a HubSpot deal from a form.');
    expect(within(within(dialog).getByTestId('preview-steps')).getAllByRole('listitem').map((item) => item.textContent?.replace(/^\W+/, ''))).toEqual([
      'Form',
      'Shape the deal',
      'Create the deal',
    ]);
    expect(within(dialog).getByTestId('preview-apps')).toHaveTextContent('HubSpot');
    expect(within(dialog).getByTestId('preview-inputs')).toHaveTextContent('Company (required)Notes');
    expect(source.createFromTemplate).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use template' }));
    await waitFor(() => expect(location()).toBe('/workflows/wf-copy'));
    expect(source.createFromTemplate.mock.calls[0]?.[0]).toMatchObject({ id: 'tpl-crm' });
  });

  test('Close leaves without copying', async () => {
    const { source } = renderCatalogue('/workflows?tab=templates');
    await waitFor(() => expect(cardIds()).toHaveLength(4));
    fireEvent.click(within(card('tpl-delay')).getByRole('button', { name: /^Use template/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No outside apps: it runs on the platform alone.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(source.createFromTemplate).not.toHaveBeenCalled();
  });
});

describe('the ⋯ menu on my workflows', () => {
  test('Escape closes the menu and gives the focus back to its button', async () => {
    renderCatalogue('/workflows');
    await loadedMine();
    const button = within(card('wf-mine-1')).getByRole('button', { name: 'More actions' });
    fireEvent.click(button);
    fireEvent.keyDown(within(card('wf-mine-1')).getByRole('menu'), { key: 'ArrowDown' });
    expect(within(card('wf-mine-1')).getByRole('menuitem', { name: 'Duplicate' })).toHaveFocus();
    fireEvent.keyDown(within(card('wf-mine-1')).getByRole('menu'), { key: 'Escape' });
    expect(within(card('wf-mine-1')).queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('Rename: a dialog with the name, saved as the next version', async () => {
    const { source } = renderCatalogue('/workflows');
    await loadedMine();
    await menuAction('wf-mine-1', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename workflow' });
    const input = within(dialog).getByLabelText('New name');
    expect(input).toHaveValue('Weekly pipeline review');
    fireEvent.change(input, { target: { value: 'Monday pipeline' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card('wf-mine-1')).getByRole('heading')).toHaveTextContent('Monday pipeline'));
    expect(source.renameWorkflow).toHaveBeenCalledWith(expect.objectContaining({ id: 'wf-mine-1' }), 'Monday pipeline');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Duplicate: "Copy of X" as a new workflow without pinned data', async () => {
    const pinned = testWorkflow({
      id: 'wf-pinned',
      name: 'Scoring',
      nodes: [{ id: 'score', type: 'transform', name: 'Score', position: { x: 0, y: 0 }, params: {}, pinned: { output: { score: 80 }, pinnedAt: '2026-01-01T00:00:00.000Z' } }],
    });
    const source = createFakeCatalogueSource({ mine: [pinned], createdId: 'wf-dup' });
    renderCatalogue('/workflows', { source });
    await waitFor(() => expect(cardIds()).toEqual(['wf-pinned']));
    await menuAction('wf-pinned', 'Duplicate');
    expect(await screen.findByText('Duplicated as “Copy of Scoring”')).toBeInTheDocument();
    await waitFor(() => expect(cardIds()).toEqual(['wf-pinned', 'wf-dup']));
    const [copy] = source.createWorkflow.mock.calls[0]!;
    expect(copy.name).toBe('Copy of Scoring');
    expect(copy.nodes[0]).not.toHaveProperty('pinned');
    expect(copy.nodes[0]).toMatchObject({ id: 'score', type: 'transform' });
  });

  test('Export downloads the workflow as a JSON file named after it', async () => {
    const created: Blob[] = [];
    const clicks: string[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'), revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    try {
      renderCatalogue('/workflows');
      await loadedMine();
      await menuAction('wf-mine-2', 'Export');
      expect(clicks).toEqual(['Invoice-reminders.json']);
      expect(JSON.parse(await blobText(created[0]!))).toMatchObject({ id: 'wf-mine-2', name: 'Invoice reminders', nodes: [], edges: [] });
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL: undefined });
    }
  });

  test('Move to trash hides it at once; Undo in the toast brings it back', async () => {
    const { source } = renderCatalogue('/workflows');
    await loadedMine();
    await menuAction('wf-mine-1', 'Move to trash');
    await waitFor(() => expect(cardIds()).toEqual(['wf-mine-2']));
    expect(source.setTrashed).toHaveBeenCalledWith(expect.objectContaining({ id: 'wf-mine-1' }), true);
    expect(await screen.findByText('“Weekly pipeline review” moved to the trash')).toBeInTheDocument();
    expect(screen.getByText(`It is deleted for good after ${TRASH_RETENTION_DAYS} days.`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(cardIds()).toEqual(['wf-mine-1', 'wf-mine-2']));
    expect(source.setTrashed).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'wf-mine-1' }), false);
  });
});

describe('the Trash tab', () => {
  const trashedAt = '2026-03-01T10:00:00.000Z';
  const withTrash = () => createFakeCatalogueSource({ mine: [...FAKE_MINE, testWorkflow({ id: 'wf-old', name: 'Old report', deletedAt: trashedAt })] });

  test('lists only trashed workflows, with the day each is deleted for good; they are hidden elsewhere', async () => {
    renderCatalogue('/workflows', { source: withTrash() });
    await loadedMine();
    fireEvent.click(screen.getByRole('tab', { name: 'Trash' }));
    const panel = await screen.findByTestId('trash-panel');
    expect(location()).toBe('/workflows?tab=trash');
    expect(within(panel).getAllByTestId('trash-item').map((item) => item.getAttribute('data-workflow-id'))).toEqual(['wf-old']);
    expect(panel).toHaveTextContent(`deleted for good ${TRASH_RETENTION_DAYS} days after`);
    expect(panel).toHaveTextContent('Deleted for good on March 31, 2026');
  });

  test('Restore brings it back to My workflows', async () => {
    const source = withTrash();
    renderCatalogue('/workflows?tab=trash', { source });
    const item = await screen.findByTestId('trash-item');
    fireEvent.click(within(item).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByTestId('trash-empty')).toHaveTextContent('The trash is empty.'));
    expect(source.setTrashed).toHaveBeenCalledWith(expect.objectContaining({ id: 'wf-old' }), false);
    fireEvent.click(screen.getByRole('tab', { name: 'My workflows' }));
    await waitFor(() => expect(cardIds()).toContain('wf-old'));
  });

  test('Delete forever asks first; Cancel keeps it, confirming deletes its finished runs, then it', async () => {
    const source = withTrash();
    const removeFinished = jest.fn(async () => ({ deleted: 2, kept: 0 }));
    renderCatalogue('/workflows?tab=trash', { source, runs: { removeFinished } });
    const item = await screen.findByTestId('trash-item');
    fireEvent.click(within(item).getByRole('button', { name: 'Delete forever' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete “Old report” forever?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(source.deleteForever).not.toHaveBeenCalled();

    fireEvent.click(within(screen.getByTestId('trash-item')).getByRole('button', { name: 'Delete forever' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(screen.getByTestId('trash-empty')).toBeInTheDocument());
    expect(source.deleteForever).toHaveBeenCalledWith(expect.objectContaining({ id: 'wf-old' }));
    expect(removeFinished).toHaveBeenCalledWith('wf-old');
    expect(removeFinished.mock.invocationCallOrder[0]).toBeLessThan(source.deleteForever.mock.invocationCallOrder[0]!);
    expect(await screen.findByText('“Old report” deleted')).toBeInTheDocument();
  });

  test('a refused run purge does not stop the delete (housekeeping purges the rest)', async () => {
    const source = withTrash();
    renderCatalogue('/workflows?tab=trash', { source, runs: { removeFinished: jest.fn(async () => Promise.reject(new Error('offline'))) } });
    fireEvent.click(within(await screen.findByTestId('trash-item')).getByRole('button', { name: 'Delete forever' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(screen.getByTestId('trash-empty')).toBeInTheDocument());
    expect(source.deleteForever).toHaveBeenCalledTimes(1);
  });
});

describe('importing a file', () => {
  const choose = (text: string, name = 'leads.json') =>
    fireEvent.change(screen.getByTestId('import-workflow-file'), { target: { files: [new File([text], name, { type: 'application/json' })] } });

  test('a workflow file becomes a new workflow that opens', async () => {
    const source = createFakeCatalogueSource({ createdId: 'wf-imported' });
    renderCatalogue('/workflows', { source });
    await loadedMine();
    expect(screen.getByRole('button', { name: 'Import a file' })).toBeEnabled();
    const exported = { id: 'wf-elsewhere', name: 'Lead intake', category: 'ai', nodes: [{ id: 'start', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} }], edges: [] };
    choose(JSON.stringify(exported));
    await waitFor(() => expect(location()).toBe('/workflows/wf-imported'));
    expect(source.createWorkflow.mock.calls[0]?.[0]).toMatchObject({ name: 'Lead intake', category: 'ai', industry: 'general', nodes: exported.nodes });
  });

  test.each([
    ['{ nope', /^This file is not valid JSON: /],
    ['{"nodes": 3}', /^This file is not a workflow: it needs lists of valid nodes and edges\.$/],
    [JSON.stringify({ nodes: Array.from({ length: 201 }, (_, index) => ({ id: `n${index}`, type: 'output', name: 'n', position: { x: 0, y: 0 }, params: {} })), edges: [] }), /too big/],
  ])('a bad file (%#) says what is wrong and creates nothing', async (text, message) => {
    const { source } = renderCatalogue('/workflows');
    await loadedMine();
    choose(text);
    const alert = await screen.findByTestId('import-error');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert.querySelector('p')?.textContent).toMatch(message);
    expect(source.createWorkflow).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('import-error')).not.toBeInTheDocument();
  });

  test('the messages are in the reader’s language', async () => {
    renderCatalogue('/workflows', { language: 'de' });
    await loadedMine();
    choose('{"nodes": 3}');
    expect(await screen.findByTestId('import-error')).toHaveTextContent('Diese Datei ist kein Ablauf');
  });
});
