// The on/off switch on the catalogue's cards (a direct update) and in the
// builder's state (saved with the workflow), named by its visible text.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderCatalogue } from '../../testing/renderCatalogue';
import { createFakeCatalogueSource, FAKE_MINE } from '../../testing/fakeCatalogueSource';
import { builderReducer, initialBuilderState } from '../builderState';
import { workflowUpdate } from '../../api/workflowDocs';

jest.mock('../BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const card = (id: string) => screen.getAllByTestId('workflow-card').find((each) => each.getAttribute('data-workflow-id') === id) as HTMLElement;

test('each of my workflows has an Active switch: on by default, switched off with one click (the next version), and said', async () => {
  const source = createFakeCatalogueSource();
  renderCatalogue('/workflows', { source });
  const first = FAKE_MINE[0]!;
  await waitFor(() => expect(screen.getAllByTestId('workflow-card')).toHaveLength(FAKE_MINE.length));
  const toggle = within(card(first.id)).getByRole('switch', { name: 'Active' });
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  // Its description says what on means and whose switch it is.
  expect(toggle).toHaveAccessibleDescription(expect.stringContaining('On: its webhook, schedule and app triggers start runs.'));
  expect(toggle).toHaveAccessibleDescription(expect.stringContaining(first.name));

  fireEvent.click(toggle);
  await waitFor(() => expect(source.setActive).toHaveBeenCalledWith(expect.objectContaining({ id: first.id }), false));
  await waitFor(() => expect(within(card(first.id)).getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'false'));
  expect(await screen.findByText(`“${first.name}” is off: its webhook, schedule and app triggers start no runs.`)).toBeInTheDocument();
  expect(source.options.mine?.find((w) => w.id === first.id)).toMatchObject({ active: false, version: first.version + 1 });

  fireEvent.click(within(card(first.id)).getByRole('switch', { name: 'Active' }));
  await waitFor(() => expect(source.setActive).toHaveBeenLastCalledWith(expect.objectContaining({ id: first.id }), true));
});

test('a switch that could not be saved says so and stays as it was; templates have none', async () => {
  const source = createFakeCatalogueSource({ fail: { update: true } });
  renderCatalogue('/workflows', { source });
  const first = FAKE_MINE[0]!;
  await waitFor(() => expect(screen.getAllByTestId('workflow-card')).toHaveLength(FAKE_MINE.length));
  fireEvent.click(within(card(first.id)).getByRole('switch', { name: 'Active' }));
  expect(await screen.findByText(`“${first.name}” could not be switched. Try again.`)).toBeInTheDocument();
  expect(within(card(first.id)).getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');

  fireEvent.click(screen.getByRole('tab', { name: /Templates/ }));
  await waitFor(() => expect(screen.getAllByTestId('workflow-card')[0]).toBeDefined());
  expect(screen.queryAllByRole('switch', { name: 'Active' })).toHaveLength(0);
});

test('in the builder the switch is a setting: one undo step, and saved with the workflow', () => {
  const workflow = FAKE_MINE[0]!;
  let state = initialBuilderState(workflow);
  state = builderReducer(state, { type: 'updateSettings', settings: { active: false } });
  expect(state.workflow.active).toBe(false);
  expect(workflowUpdate(state.workflow, 2)).toMatchObject({ active: false, version: 2 });
  expect(builderReducer(state, { type: 'undo' }).workflow.active).not.toBe(false);
  // A workflow from before the switch saves no `active` (absent = on).
  expect(workflowUpdate(workflow, 2)).not.toHaveProperty('active');
});
