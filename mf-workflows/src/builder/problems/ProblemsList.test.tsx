// The Problems list in the reader's language (by code + reason + params, never
// the English message), clicking one selects its node and focuses its field,
// and a field's local problem (JSON that does not parse) is counted.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes, useRemoteCatalogs } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { createNode, emptyWorkflow, type Workflow } from '@agentflow/shared/workflow';
import { installXyflowStubs } from '../testing/xyflowStubs';
import { fakeWorkflowDocs } from '../testing/fakeWorkflowDocs';
import { BuilderRoute } from '../BuilderRoute';
import { ProblemsList } from '../WorkflowPanels';
import { BUILDER_CATALOGS } from '../i18n';
import { invalidJsonProblem, LocalProblemsScope, useBuilderProblems, useLocalProblem } from './localProblems';

installXyflowStubs();

function brokenWorkflow(): Workflow {
  const wf = { ...emptyWorkflow('user-1', 'Lead follow-up', { id: 'wf-1' }), version: 2 };
  const trigger = wf.nodes[0]!;
  const http = { ...createNode('http', { x: 300, y: 0 }, [trigger.id]), name: 'CRM abfragen', params: { method: 'GET', url: 'ftp://crm.example.com', headers: {}, timeoutMs: 1000 } };
  const transform = { ...createNode('transform', { x: 600, y: 0 }, [trigger.id, http.id]), name: 'Aufbereiten', params: { mapping: '{ "score": agent_9.score }' } };
  wf.nodes = [trigger, http, transform];
  wf.edges = [
    { id: 'e1', source: trigger.id, target: http.id },
    { id: 'e2', source: http.id, target: transform.id },
  ];
  return wf;
}

test('in German the list says each problem in German with the step and field, and a click selects the step and focuses the field', async () => {
  const docs = fakeWorkflowDocs(brokenWorkflow());
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={docs} />} />
    </Routes>,
    { route: '/workflows/wf-1', user: testUser(), language: 'de' },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  const list = screen.getByTestId('problems-list');
  expect(list).toHaveTextContent('Probleme (2)');
  const items = within(list).getAllByTestId('problem');
  expect(items.map((i) => i.textContent)).toEqual([
    'CRM abfragen – Adresse (URL): Geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt.',
    'Aufbereiten – Zuordnung: „agent_9.score“ verweist auf „agent_9“, das kein Schritt dieses Workflows ist.',
  ]);
  // Never the English message.
  expect(list).not.toHaveTextContent('must be an http or https URL');
  expect(list).not.toHaveTextContent('which is not a node of this workflow');

  fireEvent.click(within(items[0]!).getByRole('button'));
  const panel = screen.getByTestId('config-panel');
  await waitFor(() => expect(within(panel).getByLabelText('Knotenname')).toHaveValue('CRM abfragen'));
  const url = within(panel).getByLabelText(/^Adresse \(URL\)/);
  await waitFor(() => expect(url).toHaveFocus());
  // The node's marker on the canvas says the same words.
  const card = screen.getAllByTestId('builder-node').find((n) => n.textContent?.includes('CRM abfragen'))!;
  expect(card).toHaveAttribute('data-problems', '1');
  expect(card).toHaveAttribute('title', 'Geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt.');
});

/** A field that reports its text as unparseable JSON while `broken`. */
function JsonField({ nodeId }: { nodeId: string }) {
  const [text, setText] = useState('{}');
  let problem = null;
  try {
    JSON.parse(text);
  } catch (error) {
    problem = invalidJsonProblem(nodeId, 'headers', String(error));
  }
  useLocalProblem(nodeId, 'headers', problem);
  return <textarea aria-label="headers" value={text} onChange={(e) => setText(e.target.value)} />;
}

function Harness({ workflow }: { workflow: Workflow }) {
  // The Builder registers its texts (the list's title) before it renders the list; the harness stands in for it.
  useRemoteCatalogs(BUILDER_CATALOGS);
  const { problems, report } = useBuilderProblems(workflow, []);
  const [showField, setShowField] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShowField(false)}>
        remove field
      </button>
      <LocalProblemsScope report={report}>{showField ? <JsonField nodeId="http_1" /> : null}</LocalProblemsScope>
      <ProblemsList problems={problems} workflow={workflow} dispatch={() => undefined} />
    </>
  );
}

test('a field’s local problem (JSON that does not parse) is counted while it lasts and gone when fixed or unmounted', async () => {
  const wf = brokenWorkflow();
  wf.nodes[1]!.params = { method: 'GET', url: 'https://crm.example.com', headers: {}, timeoutMs: 1000 };
  wf.nodes[2]!.params = { mapping: '{ "score": http_1.body }' };
  renderWithProviders(<Harness workflow={wf} />, { language: 'de' });
  const list = screen.getByTestId('problems-list');
  expect(list).toHaveTextContent('Probleme (0)');
  fireEvent.change(screen.getByLabelText('headers'), { target: { value: '{ "Accept": ' } });
  await waitFor(() => expect(list).toHaveTextContent('Probleme (1)'));
  expect(within(list).getByTestId('problem')).toHaveTextContent('CRM abfragen – Header (JSON): Das ist kein gültiges JSON.');
  fireEvent.change(screen.getByLabelText('headers'), { target: { value: '{ "Accept": "application/json" }' } });
  await waitFor(() => expect(list).toHaveTextContent('Probleme (0)'));
  fireEvent.change(screen.getByLabelText('headers'), { target: { value: '{' } });
  await waitFor(() => expect(list).toHaveTextContent('Probleme (1)'));
  fireEvent.click(screen.getByRole('button', { name: 'remove field' }));
  await waitFor(() => expect(list).toHaveTextContent('Probleme (0)'));
});

test('in the builder, a JSON view whose text does not parse counts as a problem of its field until it parses', async () => {
  const wf = brokenWorkflow();
  wf.nodes[1]!.params = { method: 'GET', url: 'https://crm.example.com', headers: {}, timeoutMs: 1000 };
  wf.nodes[2]!.params = { mapping: '{ "score": http_1.body }' };
  renderWithProviders(
    <Routes>
      <Route path="/workflows/:id" element={<BuilderRoute docs={fakeWorkflowDocs(wf)} />} />
    </Routes>,
    { route: '/workflows/wf-1', user: testUser() },
  );
  await screen.findByTestId('builder-canvas', {}, { timeout: 5000 });
  const list = screen.getByTestId('problems-list');
  expect(list).toHaveTextContent('Problems (0)');
  fireEvent.click(screen.getAllByTestId('builder-node').find((n) => n.textContent?.includes('CRM abfragen'))!);
  const panel = await screen.findByTestId('config-panel');
  const headers = within(panel)
    .getAllByTestId('structured-field')
    .find((f) => within(f).queryByRole('button', { name: 'Edit as JSON' }) && f.textContent?.toLowerCase().includes('header'))!;
  fireEvent.click(within(headers).getByRole('button', { name: 'Edit as JSON' }));
  const box = within(headers).getByRole('textbox');
  fireEvent.change(box, { target: { value: '{ "Accept": ' } });
  await waitFor(() => expect(list).toHaveTextContent('Problems (1)'));
  expect(within(list).getByTestId('problem')).toHaveTextContent('CRM abfragen – Headers (JSON): This is not valid JSON.');
  fireEvent.change(box, { target: { value: '{ "Accept": "application/json" }' } });
  await waitFor(() => expect(list).toHaveTextContent('Problems (0)'));
});
