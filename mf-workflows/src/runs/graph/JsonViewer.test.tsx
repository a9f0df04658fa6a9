import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { JsonViewer, searchJson } from './JsonViewer';

const DOC = { customer: { name: 'Acme GmbH', contact: { email: 'anna@acme.test', phone: null } }, items: [{ sku: 'A-1', qty: 2 }], total: 42, paid: false };

const tree = () => screen.getByRole('list', { name: 'Output' });
const toggle = (name: RegExp) => within(tree()).getByRole('button', { name });

let writeText: jest.Mock;
beforeEach(() => {
  writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

test('objects and arrays collapse and expand; two levels are open at first; expand all opens the rest', () => {
  renderWithProviders(<JsonViewer value={DOC} label="Output" />);
  expect(toggle(/^customer/)).toHaveAttribute('aria-expanded', 'true');
  expect(within(tree()).getByText('"Acme GmbH"')).toBeInTheDocument();
  // The third level (contact) starts closed.
  expect(toggle(/^contact/)).toHaveAttribute('aria-expanded', 'false');
  expect(within(tree()).queryByText('"anna@acme.test"')).not.toBeInTheDocument();
  expect(toggle(/^contact/)).toHaveTextContent('2 keys');
  expect(toggle(/^items/)).toHaveTextContent('1 items');

  fireEvent.click(toggle(/^customer/));
  expect(toggle(/^customer/)).toHaveAttribute('aria-expanded', 'false');
  expect(within(tree()).queryByText('"Acme GmbH"')).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
  expect(within(tree()).getByText('"anna@acme.test"')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
  expect(within(tree()).queryByText('"Acme GmbH"')).not.toBeInTheDocument();
  expect(toggle(/^Output/)).toHaveAttribute('aria-expanded', 'false');
});

test('search keeps the rows whose key or value matches, with their parents opened, and marks the match', () => {
  renderWithProviders(<JsonViewer value={DOC} label="Output" />);
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search keys and values' }), { target: { value: 'ACME.te' } });
  // The e-mail deep inside matches (its parents open); the other rows are filtered out.
  expect(within(tree()).getByText('acme.te', { selector: 'mark' })).toBeInTheDocument();
  expect(within(tree()).getByText(/anna@/)).toBeInTheDocument();
  expect(within(tree()).queryByText('42')).not.toBeInTheDocument();
  expect(within(tree()).queryByText('"Acme GmbH"')).not.toBeInTheDocument();
  expect(within(tree()).queryByText(/^items/)).not.toBeInTheDocument();

  // A key matches too: its whole value stays.
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sku' } });
  expect(within(tree()).getByText('sku', { selector: 'mark' })).toBeInTheDocument();
  expect(within(tree()).getByText('"A-1"')).toBeInTheDocument();
  expect(within(tree()).queryByText('42')).not.toBeInTheDocument();

  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nothing-like-this' } });
  expect(screen.getByText('Nothing matches “nothing-like-this”.')).toBeInTheDocument();
  expect(searchJson(DOC, ' ')).toBeNull();
  expect(searchJson(DOC, 'false')?.matches).toBe(1);
});

test('copy puts one value (strings as they are, the rest as JSON) or the whole document on the clipboard, and says so', async () => {
  renderWithProviders(<JsonViewer value={DOC} label="Output" />);
  fireEvent.click(within(tree()).getByRole('button', { name: 'Copy name' }));
  expect(writeText).toHaveBeenLastCalledWith('Acme GmbH');
  expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
  fireEvent.click(within(tree()).getByRole('button', { name: 'Copy items' }));
  expect(JSON.parse(writeText.mock.lastCall![0] as string)).toEqual([{ sku: 'A-1', qty: 2 }]);
  fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
  expect(JSON.parse(writeText.mock.lastCall![0] as string)).toEqual(DOC);

  writeText.mockRejectedValueOnce(new Error('denied'));
  fireEvent.click(within(tree()).getByRole('button', { name: 'Copy total' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copying is not allowed here. Select the text instead.'));
});

test('in German', () => {
  renderWithProviders(<JsonViewer value={DOC} label="Ausgabe" />, { language: 'de' });
  expect(screen.getByRole('button', { name: 'Alles kopieren' })).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Schlüssel und Werte durchsuchen' })).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Ausgabe' })).getByRole('button', { name: /^customer/ })).toHaveTextContent('2 Schlüssel');
});
