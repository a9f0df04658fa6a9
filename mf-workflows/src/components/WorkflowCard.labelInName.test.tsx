import { screen, waitFor } from '@testing-library/react';
import { SUPPORTED_LANGUAGES } from '@agentflow/shared';
import { renderCatalogue } from '../testing/renderCatalogue';

jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every button and link of the catalogue cards has an accessible name that starts with its visible text (WCAG 2.5.3, label in name). */
function expectLabelInName() {
  const actions = screen.getAllByTestId('workflow-card').flatMap((card) => [...card.querySelectorAll<HTMLElement>('button, a')]);
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) {
    const visible = (action.textContent ?? '').trim();
    // An icon-only control (the ⋯ menu) shows no words to match.
    if (!/\p{L}/u.test(visible)) continue;
    expect(action).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${escaped(visible)}`, 'i')));
  }
}

describe.each(SUPPORTED_LANGUAGES.map((language) => [language]))('in %s, a card action is named by its visible text first', (language) => {
  test('templates: "Use template"', async () => {
    renderCatalogue('/workflows?tab=templates', { language });
    await waitFor(() => expect(screen.getAllByTestId('workflow-card').length).toBeGreaterThan(0));
    expectLabelInName();
  });

  test('my workflows: "Open"', async () => {
    renderCatalogue('/workflows?tab=mine', { language });
    await waitFor(() => expect(screen.getAllByTestId('workflow-card').length).toBeGreaterThan(0));
    expectLabelInName();
  });
});
