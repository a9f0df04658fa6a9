// Every id in a node's form is unique and each label names its own field
// (the node's name and an agent's name once shared an id: "Agent name" then
// labelled the node name's input).
import { screen } from '@testing-library/react';
import { mappingWorkflow, renderPanel } from '../testing/mappingHarness';

test.each(['extract', 'shape', 'lead'])('the %s form has unique ids, and each label names its own field', async (nodeId) => {
  renderPanel(mappingWorkflow(), nodeId);
  await screen.findByTestId('config-panel');
  const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  for (const label of document.querySelectorAll('label[for]')) {
    const target = document.getElementById(label.getAttribute('for')!);
    expect({ label: label.textContent, labels: target !== null }).toEqual({ label: label.textContent, labels: true });
  }
});

test('"Node name" and "Agent name" are two fields', () => {
  renderPanel(mappingWorkflow(), 'extract');
  expect(screen.getByLabelText('Node name')).toHaveValue('Qualify the lead');
  expect(screen.getByLabelText('Agent name')).toHaveValue('Qualifier');
});
