// Issue 19 item 8: a filter chosen while the search box is still waiting
// (within SEARCH_DEBOUNCE_MS of a keystroke) must not be lost, and the text
// typed last must win. In the browser React Router applies each navigation in
// a transition that renders later; here every navigation lands NAVIGATION_LAG_MS
// after it is asked for, with the updater given the params of the render that
// asked (what setSearchParams does while the previous navigation is in flight).
import { act, fireEvent, screen } from '@testing-library/react';
import { renderCatalogue } from '../testing/renderCatalogue';

const NAVIGATION_LAG_MS = 40;

jest.mock('@agentflow/shared', () => {
  const actual = jest.requireActual<typeof import('@agentflow/shared')>('@agentflow/shared');
  return {
    ...actual,
    useSearchParams: () => {
      const [params, setParams] = actual.useSearchParams();
      const lagging: typeof setParams = (next, options) => {
        setTimeout(() => setParams(next, options), NAVIGATION_LAG_MS);
      };
      return [params, lagging] as const;
    },
  };
});
jest.mock('../builder/BuilderRoute', () => ({ BuilderRoute: () => <p data-testid="builder-route">Builder</p> }));

const SEARCH_DEBOUNCE_MS = 250;
const cardIds = () => screen.queryAllByTestId('workflow-card').map((card) => card.getAttribute('data-workflow-id'));
const location = () => screen.getByTestId('location').textContent ?? '';
const searchBox = () => screen.getByRole('searchbox', { name: 'Search workflows' });
const category = () => screen.getByRole('combobox', { name: 'Category' });
const wait = (ms: number) => act(async () => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function loadedCatalogue(route: string) {
  renderCatalogue(route, { user: null });
  await wait(10);
  await wait(10);
}

test('a category chosen just as the typed text is written keeps both', async () => {
  await loadedCatalogue('/workflows');
  expect(cardIds()).toHaveLength(4);
  fireEvent.change(searchBox(), { target: { value: 'delay' } });
  await wait(SEARCH_DEBOUNCE_MS + 5); // the search is on its way to the URL
  fireEvent.change(category(), { target: { value: 'communication' } });
  await wait(NAVIGATION_LAG_MS * 3);
  expect(location()).toBe('/workflows?search=delay&category=communication');
  expect(category()).toHaveValue('communication');
  expect(searchBox()).toHaveValue('delay');
  expect(cardIds()).toEqual(['tpl-delay']);
});

test('a category chosen within the pause after typing applies with the text typed', async () => {
  await loadedCatalogue('/workflows');
  fireEvent.change(searchBox(), { target: { value: 'list' } });
  await wait(100);
  fireEvent.change(category(), { target: { value: 'ai' } });
  await wait(SEARCH_DEBOUNCE_MS + NAVIGATION_LAG_MS * 3);
  expect(location()).toBe('/workflows?category=ai&search=list');
  expect(cardIds()).toEqual(['tpl-listing']);
});

test('typing while the previous text is on its way to the URL is not undone when it lands', async () => {
  await loadedCatalogue('/workflows');
  fireEvent.change(searchBox(), { target: { value: 'ship' } });
  await wait(SEARCH_DEBOUNCE_MS + 5);
  fireEvent.change(searchBox(), { target: { value: 'shipment' } });
  await wait(NAVIGATION_LAG_MS * 2);
  expect(searchBox()).toHaveValue('shipment');
  await wait(SEARCH_DEBOUNCE_MS + NAVIGATION_LAG_MS * 2);
  expect(location()).toBe('/workflows?search=shipment');
  expect(searchBox()).toHaveValue('shipment');
  expect(cardIds()).toEqual(['tpl-delay']);
});
