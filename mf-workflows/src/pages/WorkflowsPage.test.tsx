import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import WorkflowsApp from '../exposes/WorkflowsApp';
import { renderCatalogue, testQueryClient } from '../testing/renderCatalogue';
import { createFakeCatalogueSource, FAKE_MINE, FAKE_TEMPLATES, testWorkflow } from '../testing/fakeCatalogueSource';

// The builder is another engineer's module: the catalogue only needs to land on its route.
jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

const cards = () => screen.queryAllByTestId('workflow-card');
const cardIds = () => cards().map((card) => card.getAttribute('data-workflow-id'));
const location = () => screen.getByTestId('location').textContent ?? '';
const tab = (name: string) => screen.getByRole('tab', { name });
const loaded = async () => {
  await waitFor(() => expect(screen.queryByTestId('catalogue-loading')).not.toBeInTheDocument());
};
/** "Use template" on a card opens its preview; the preview's "Use template" copies it. */
async function copyThroughPreview(cardButton: string) {
  fireEvent.click(screen.getByRole('button', { name: cardButton }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use template' }));
}
const search = (text: string) => fireEvent.change(screen.getByRole('searchbox', { name: 'Search workflows' }), { target: { value: text } });
/** Searches, then waits for exactly these cards (the search is debounced). */
async function searchFinds(text: string, ids: string[]) {
  search(text);
  await waitFor(() => expect(cardIds()).toEqual(ids));
}

describe('the catalogue page', () => {
  test('shows the title, the description, the filters and skeletons while loading', async () => {
    renderCatalogue('/workflows', { user: null });
    // The catalogue is a chunk of its own: its skeleton shows first.
    expect(await screen.findByRole('heading', { level: 1, name: 'Workflows' })).toBeInTheDocument();
    expect(screen.getByText('Find, copy, build and run multi-agent workflows.')).toBeInTheDocument();
    expect(screen.getByTestId('workflow-search')).toHaveAccessibleName('Search workflows');
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Industry' })).toBeInTheDocument();
    expect(screen.getByTestId('catalogue-loading')).toHaveAttribute('aria-busy', 'true');
    await loaded();
    expect(cardIds()).toEqual(FAKE_TEMPLATES.map((template) => template.id));
  });

  test('the filters offer every category and industry, with "all" first', () => {
    renderCatalogue('/workflows', { user: null });
    const options = (name: string) => within(screen.getByRole('combobox', { name })).getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
    expect(options('Category')).toEqual(['all', 'automation', 'integration', 'analytics', 'ai', 'communication', 'productivity']);
    expect(options('Industry')).toEqual(['all', 'sales', 'logistics', 'field-services', 'real-estate', 'general']);
  });

  test('a card shows name, description, badges, tags, step count and its data attributes', async () => {
    renderCatalogue('/workflows', { user: null });
    await loaded();
    const card = cards()[0] as HTMLElement;
    expect(card).toHaveAttribute('data-workflow-id', 'tpl-lead');
    expect(card).toHaveAttribute('data-category', 'ai');
    expect(card).toHaveAttribute('data-industry', 'sales');
    expect(within(card).getByRole('heading', { name: 'Inbound lead qualification' })).toBeInTheDocument();
    expect(within(card).getByText(/ideal customer profile/)).toBeInTheDocument();
    expect(within(card).getByText('Category: AI')).toBeInTheDocument();
    expect(within(card).getByText('Industry: Sales')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Tags' })).toHaveTextContent('lead scoring');
    expect(within(card).getByText('Steps: 2')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Use template: Inbound lead qualification' })).toHaveTextContent('Use template');
  });
});

describe('search', () => {
  test('matches name, description and tags after a debounce, and writes ?search=', async () => {
    renderCatalogue('/workflows', { user: null });
    await loaded();
    search('carrier');
    expect(cards()).toHaveLength(4); // not yet: debounced
    await waitFor(() => expect(cardIds()).toEqual(['tpl-delay']));
    expect(location()).toBe('/workflows?search=carrier');
    await searchFinds('WORK ORDER', ['tpl-dispatch']);
    await searchFinds('customer profile', ['tpl-lead']);
  });

  test('is case- and accent-insensitive both ways', async () => {
    renderCatalogue('/workflows', { user: null });
    await loaded();
    await searchFinds('CAFE', ['tpl-listing']);
    await searchFinds('notificacion', ['tpl-delay']);
    await searchFinds('Shípment DÉLAY', ['tpl-delay']);
  });

  test('?search= from the URL (voice search) fills the box and filters', async () => {
    renderCatalogue('/workflows?search=technician', { user: null });
    expect(screen.getByTestId('workflow-search')).toHaveValue('technician');
    await loaded();
    expect(cardIds()).toEqual(['tpl-dispatch']);
  });

  test("'No workflows found' when nothing matches, and clearing the filters brings everything back", async () => {
    renderCatalogue('/workflows?search=zzz-nothing', { user: null });
    await loaded();
    expect(screen.getByTestId('catalogue-empty')).toHaveTextContent('No workflows found');
    expect(cards()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cards()).toHaveLength(4);
    expect(location()).toBe('/workflows');
    expect(screen.getByTestId('workflow-search')).toHaveValue('');
  });
});

describe('filters', () => {
  test.each([
    ['ai', ['tpl-lead', 'tpl-listing']],
    ['communication', ['tpl-delay']],
    ['automation', ['tpl-dispatch']],
  ])('category %s', async (category, expected) => {
    renderCatalogue('/workflows', { user: null });
    await loaded();
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: category } });
    expect(cardIds()).toEqual(expected);
    expect(location()).toBe(`/workflows?category=${category}`);
  });

  test('a category without workflows shows the empty state', async () => {
    renderCatalogue('/workflows', { user: null });
    await loaded();
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'integration' } });
    expect(screen.getByTestId('catalogue-empty')).toBeInTheDocument();
  });

  test.each([
    ['sales', 'tpl-lead'],
    ['logistics', 'tpl-delay'],
    ['field-services', 'tpl-dispatch'],
    ['real-estate', 'tpl-listing'],
  ])('?industry=%s from the home page selects the industry and filters', async (industry, expected) => {
    renderCatalogue(`/workflows?industry=${industry}`, { user: null });
    expect(screen.getByRole('combobox', { name: 'Industry' })).toHaveValue(industry);
    await loaded();
    expect(cardIds()).toEqual([expected]);
    expect(cards().every((card) => card.getAttribute('data-industry') === industry)).toBe(true);
  });

  test('the industry select writes ?industry= and "all" removes it', async () => {
    renderCatalogue('/workflows', { user: null });
    await loaded();
    const select = screen.getByRole('combobox', { name: 'Industry' });
    fireEvent.change(select, { target: { value: 'logistics' } });
    expect(location()).toBe('/workflows?industry=logistics');
    expect(cardIds()).toEqual(['tpl-delay']);
    fireEvent.change(select, { target: { value: 'all' } });
    expect(location()).toBe('/workflows');
    expect(cards()).toHaveLength(4);
  });

  test('category, industry and search combine', async () => {
    renderCatalogue('/workflows?category=ai&industry=real-estate&search=terrace', { user: null });
    await loaded();
    expect(cardIds()).toEqual(['tpl-listing']);
  });

  test('unknown category and industry values in the URL are ignored', async () => {
    renderCatalogue('/workflows?category=bogus&industry=mining', { user: null });
    await loaded();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('all');
    expect(screen.getByRole('combobox', { name: 'Industry' })).toHaveValue('all');
    expect(cards()).toHaveLength(4);
  });
});

describe('tabs', () => {
  test('guests see only Templates, even when the URL asks for another tab, and mine is never read', async () => {
    const { source } = renderCatalogue('/workflows?tab=mine', { user: null });
    await loaded();
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(['Templates']);
    expect(tab('Templates')).toHaveAttribute('aria-selected', 'true');
    expect(source.listMine).not.toHaveBeenCalled();
    expect(cards()).toHaveLength(4);
  });

  test('signed in with workflows: My workflows by default, with Open links to the builder', async () => {
    const { source } = renderCatalogue('/workflows');
    await loaded();
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(['My workflows', 'Shared with me', 'Templates', 'Trash']);
    expect(tab('My workflows')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('My workflows');
    expect(cardIds()).toEqual(FAKE_MINE.map((workflow) => workflow.id));
    expect(source.listMine).toHaveBeenCalledWith('user-1');
    expect(source.listTemplates).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Open Weekly pipeline review' }));
    await waitFor(() => expect(location()).toBe('/workflows/wf-mine-1'));
  });

  test('signed in without workflows: Templates by default', async () => {
    renderCatalogue('/workflows', { source: createFakeCatalogueSource({ mine: [] }) });
    await loaded();
    expect(tab('Templates')).toHaveAttribute('aria-selected', 'true');
    expect(cards()).toHaveLength(4);
  });

  test('switching tabs writes ?tab= and keeps the other filters; Shared with me lists the workflows shared with the user and their access', async () => {
    const sharedOne = testWorkflow({ id: 'wf-shared-1', ownerId: 'user-9', name: 'Partner intake', industry: 'general', sharedWith: { 'user-1': 'workspace_runner' } });
    const { source } = renderCatalogue('/workflows?industry=general', { source: createFakeCatalogueSource({ shared: [sharedOne] }) });
    await loaded();
    fireEvent.click(tab('Shared with me'));
    expect(location()).toBe('/workflows?industry=general&tab=shared');
    await loaded();
    expect(source.listSharedWithMe).toHaveBeenCalledWith('user-1');
    expect(cardIds()).toEqual(['wf-shared-1']);
    expect(screen.getByTestId('workflow-card-note')).toHaveTextContent('Shared with you · Can run');
    expect(screen.getByRole('link', { name: 'Open Partner intake' })).toBeInTheDocument();
    // Not the user's to rename or delete: no ⋯ menu.
    expect(screen.queryByTestId('workflow-menu-button')).not.toBeInTheDocument();
    fireEvent.click(tab('Templates'));
    await loaded();
    expect(location()).toBe('/workflows?industry=general&tab=templates');
    expect(screen.getByTestId('catalogue-empty')).toBeInTheDocument();
  });

  test('arrow keys move between tabs', async () => {
    renderCatalogue('/workflows');
    await loaded();
    fireEvent.keyDown(tab('My workflows'), { key: 'ArrowRight' });
    expect(tab('Shared with me')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Shared with me')).toHaveFocus();
    fireEvent.keyDown(tab('Shared with me'), { key: 'End' });
    expect(location()).toBe('/workflows?tab=trash');
  });

  test('?tab=templates from the URL wins over the default', async () => {
    renderCatalogue('/workflows?tab=templates');
    await loaded();
    expect(tab('Templates')).toHaveAttribute('aria-selected', 'true');
    expect(cards()).toHaveLength(4);
  });
});

describe('failures', () => {
  test("'Failed to load workflows' with Try again, which reloads", async () => {
    const source = createFakeCatalogueSource({ fail: { templates: true } });
    renderCatalogue('/workflows', { user: null, source });
    const error = await screen.findByTestId('catalogue-error');
    expect(error).toHaveTextContent('Failed to load workflows');
    expect(error).toHaveAttribute('role', 'alert');
    expect(cards()).toHaveLength(0);
    source.options.fail = {};
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(source.listTemplates).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('catalogue-error')).not.toBeInTheDocument();
  });

  test('a failing read of my workflows shows the error on My workflows', async () => {
    renderCatalogue('/workflows', { source: createFakeCatalogueSource({ fail: { mine: true } }) });
    expect(await screen.findByTestId('catalogue-error')).toBeInTheDocument();
    expect(tab('My workflows')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Use template', () => {
  test('signed out: goes to sign-in and comes back to the same catalogue view', async () => {
    const { source } = renderCatalogue('/workflows?industry=sales', { user: null });
    await loaded();
    await copyThroughPreview('Use template: Inbound lead qualification');
    expect(location()).toBe(`/signin?next=${encodeURIComponent('/workflows?industry=sales')}`);
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
    expect(source.createFromTemplate).not.toHaveBeenCalled();
  });

  test('signed in: copies the template and opens the copy in the builder', async () => {
    const { source } = renderCatalogue('/workflows?tab=templates', { source: createFakeCatalogueSource({ createdId: 'wf-copy-9' }) });
    await loaded();
    await copyThroughPreview('Use template: Shipment delay triage');
    await waitFor(() => expect(location()).toBe('/workflows/wf-copy-9'));
    expect(source.createFromTemplate).toHaveBeenCalledTimes(1);
    expect(source.createFromTemplate.mock.calls[0]?.[0]).toMatchObject({ id: 'tpl-delay' });
    expect(source.createFromTemplate.mock.calls[0]?.[1]).toEqual({ uid: 'user-1', name: 'Ada Lovelace' });
    expect(await screen.findByTestId('builder-route')).toBeInTheDocument();
  });

  test('signed in: a failed copy shows a toast and stays on the catalogue', async () => {
    const { source } = renderCatalogue('/workflows?tab=templates', { source: createFakeCatalogueSource({ fail: { create: true } }) });
    await loaded();
    await copyThroughPreview('Use template: Technician dispatch');
    expect(await screen.findByText('The template could not be copied')).toBeInTheDocument();
    expect(location()).toBe('/workflows?tab=templates');
    expect(source.createFromTemplate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Use template: Technician dispatch' })).toBeEnabled());
  });
});

describe('?run= (voice "run workflow X")', () => {
  test('names the workflow and links to it when it is one of mine', async () => {
    renderCatalogue(`/workflows?run=${encodeURIComponent('weekly PIPELINE review')}`);
    const notice = await screen.findByTestId('run-notice');
    expect(notice).toHaveTextContent('Run “weekly PIPELINE review”');
    const open = await within(notice).findByRole('link', { name: 'Open Weekly pipeline review' });
    fireEvent.click(open);
    expect(location()).toBe('/workflows/wf-mine-1');
  });

  test('says so when no workflow of mine has that name', async () => {
    renderCatalogue('/workflows?run=Payroll');
    const notice = await screen.findByTestId('run-notice');
    expect(await within(notice).findByText(/None of your workflows is named “Payroll”/)).toBeInTheDocument();
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('run-notice')).not.toBeInTheDocument();
    expect(location()).toBe('/workflows');
  });

  test('asks a guest to sign in', () => {
    renderCatalogue('/workflows?run=Payroll', { user: null });
    expect(screen.getByTestId('run-notice')).toHaveTextContent('Sign in to run your workflows.');
  });
});

describe('URL state', () => {
  test('back restores the previous filters, and the search box refills', async () => {
    renderWithProviders(
      <>
        <Routes>
          <Route path="/workflows/*" element={<WorkflowsApp source={createFakeCatalogueSource()} queryClient={testQueryClient()} />} />
        </Routes>
        <BackButton />
        <LocationProbe />
      </>,
      { route: '/workflows?search=lead', user: testUser() },
    );
    await loaded();
    fireEvent.click(tab('Templates'));
    await loaded();
    expect(cardIds()).toEqual(['tpl-lead']);
    search('carrier');
    await waitFor(() => expect(location()).toBe('/workflows?search=carrier&tab=templates'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'ai' } });
    expect(screen.getByTestId('catalogue-empty')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/workflows?search=carrier&tab=templates');
    expect(cardIds()).toEqual(['tpl-delay']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    // The search replaced its entry (no history step per keystroke): back goes to before the tab change.
    expect(location()).toBe('/workflows?search=lead');
    expect(screen.getByTestId('workflow-search')).toHaveValue('lead');
    await loaded();
    expect(tab('My workflows')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('catalogue-empty')).toBeInTheDocument();
  });

  test('a newly created workflow list is refreshed after a copy', async () => {
    const source = createFakeCatalogueSource({ mine: [] });
    renderCatalogue('/workflows', { source });
    await loaded();
    source.options.mine = [testWorkflow({ id: 'wf-new', name: 'Copy' })];
    await copyThroughPreview('Use template: Listing description');
    await waitFor(() => expect(location()).toBe('/workflows/wf-new'));
    expect(source.listMine).toHaveBeenCalledTimes(2);
  });
});
