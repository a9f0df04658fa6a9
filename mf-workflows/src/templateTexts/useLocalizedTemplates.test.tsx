import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadTemplateTexts, templateById, type Workflow } from '@agentflow/shared/workflow';
import { createFakeCatalogueSource } from '../testing/fakeCatalogueSource';
import { renderCatalogue } from '../testing/renderCatalogue';

jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const template = templateById('tpl-sales-follow-up-email')!;
/** Clicks "Use template" on the card, then in the template's preview when one opens. */
async function useTemplate(card: HTMLElement, label: RegExp, source: ReturnType<typeof createFakeCatalogueSource>) {
  fireEvent.click(within(card).getByRole('button', { name: label }));
  await waitFor(() => expect(source.createFromTemplate.mock.calls.length > 0 || screen.queryByRole('dialog') !== null).toBe(true));
  const preview = screen.queryByRole('dialog');
  if (preview) fireEvent.click(within(preview).getByRole('button', { name: label }));
}
const roleOf = (workflow: Workflow) => (workflow.nodes.find((node) => node.id === 'draft')!.params as { role: string }).role;

test('in German the catalogue shows a template in German, and "Use template" copies the German template', async () => {
  const german = (await loadTemplateTexts('de'))![template.id]!;
  const source = createFakeCatalogueSource({ templates: [template], mine: [] });
  renderCatalogue('/workflows?tab=templates', { source, language: 'de' });
  const card = await screen.findByTestId('workflow-card');
  await waitFor(() => expect(within(card).getByRole('heading', { name: german.name })).toBeInTheDocument());
  expect(within(card).getByText(german.description!)).toBeInTheDocument();
  expect(card).not.toHaveTextContent(template.name);

  await useTemplate(card, /^Vorlage verwenden/, source);
  await waitFor(() => expect(source.createFromTemplate).toHaveBeenCalledTimes(1));
  const copied = source.createFromTemplate.mock.calls[0]![0];
  expect(copied.name).toBe(german.name);
  expect(roleOf(copied)).toBe(german['draft.role']);
  expect(copied.nodes.map((node) => node.id)).toEqual(template.nodes.map((node) => node.id));
  expect(copied.edges).toEqual(template.edges);
});

test('in English the template is shown and copied as it is', async () => {
  const source = createFakeCatalogueSource({ templates: [template], mine: [] });
  renderCatalogue('/workflows?tab=templates', { source, language: 'en' });
  const card = await screen.findByTestId('workflow-card');
  expect(within(card).getByRole('heading', { name: template.name })).toBeInTheDocument();
  await useTemplate(card, /^Use template/, source);
  await waitFor(() => expect(source.createFromTemplate).toHaveBeenCalledTimes(1));
  expect(source.createFromTemplate.mock.calls[0]![0]).toEqual(template);
});
