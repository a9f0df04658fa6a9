// A node's key is shown and renamed in its form: a bad key is refused in the
// user's language, a good one renames the node everywhere (the other nodes'
// expressions and templates, the edges) and the form stays on it.
import { fireEvent, screen, within } from '@testing-library/react';
import { mappingWorkflow, renderPanel } from '../testing/mappingHarness';

test('renaming a key updates the references in other nodes and the edges; the selection follows', () => {
  const { state, paramsOf } = renderPanel(mappingWorkflow(), 'extract');
  const key = screen.getByTestId('node-key');
  expect(within(key).getByTestId('node-key-value')).toHaveTextContent('extract');
  fireEvent.click(within(key).getByRole('button', { name: 'Rename key' }));
  const input = within(key).getByLabelText('New key');
  fireEvent.change(input, { target: { value: 'Qualify' } });
  expect(within(key).getByRole('alert')).toHaveTextContent('Use lower-case letters, digits and “_”, starting with a letter (at most 40 characters).');
  expect(within(key).getByRole('button', { name: 'Save key' })).toBeDisabled();
  fireEvent.change(input, { target: { value: 'shape' } });
  expect(within(key).getByRole('alert')).toHaveTextContent('Another step already has this key.');
  fireEvent.change(input, { target: { value: 'input' } });
  expect(within(key).getByRole('alert')).toHaveTextContent('This word is reserved: choose another key.');
  fireEvent.change(input, { target: { value: 'qualify' } });
  fireEvent.keyDown(input, { key: 'Enter' });

  expect(state().selected).toBe('qualify');
  expect(paramsOf('shape').mapping).toBe('qualify.score');
  expect(paramsOf('writer').promptTemplate).toBe('Write about {{ qualify.stage }}');
  expect(state().edges.filter((e) => e.source === 'qualify' || e.target === 'qualify').map((e) => e.id)).toEqual(['e1', 'e2', 'e4']);
  expect(within(screen.getByTestId('node-key')).getByTestId('node-key-value')).toHaveTextContent('qualify');
});

test('in German the key and its problems are German', async () => {
  renderPanel(mappingWorkflow(), 'shape', { language: 'de' });
  const key = screen.getByTestId('node-key');
  fireEvent.click(await within(key).findByRole('button', { name: 'Schlüssel umbenennen' }));
  fireEvent.change(within(key).getByLabelText('Neuer Schlüssel'), { target: { value: 'extract' } });
  expect(within(key).getByRole('alert')).toHaveTextContent('Ein anderer Schritt hat bereits diesen Schlüssel.');
});
