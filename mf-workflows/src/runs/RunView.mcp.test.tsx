// An agent's MCP tool calls in the run view: child steps under the agent (named
// "<server>: <tool>", like an app tool's call), marked as MCP tools, with their
// input, output and tokens; a call that failed on the way said by its code.
import { screen, within } from '@testing-library/react';
import { Route } from '@agentflow/shared';
import { MCP_ERROR_CODES } from '@agentflow/shared/mcp';
import { RunView } from './RunView';
import { at, createFakeRunsServer, fakeRun, fakeStep } from './testing/fakeRunsServer';
import { renderRuns } from '../testing/renderRuns';

const step = (id: string) => document.querySelector(`[data-testid="run-step"][data-step-id="${CSS.escape(id)}"]`) as HTMLElement;

test('MCP tool calls sit under their agent, marked MCP tool, with input and output; a failure on the way is said by its code', async () => {
  const server = createFakeRunsServer({
    runs: [
      fakeRun({
        status: 'failed',
        startedAt: at(0),
        endedAt: at(3),
        steps: [
          fakeStep({ id: 'triage', name: 'Triage agent', type: 'agent', status: 'failed', tokens: 40, startedAt: at(0), endedAt: at(3), error: 'MCP server "Linear issues" unreachable', errorCode: MCP_ERROR_CODES.unreachable }),
          fakeStep({ id: 'triage/mcp#1', parentStepId: 'triage', nodeId: 'triage', name: 'Linear issues: search_issues', type: 'mcp', status: 'succeeded', tokens: 1, input: { query: 'login bug' }, output: { content: [{ type: 'text', text: 'LIN-42 Login fails on Safari' }] } }),
          fakeStep({ id: 'triage/mcp#2', parentStepId: 'triage', nodeId: 'triage', name: 'Linear issues: create_issue', type: 'mcp', status: 'failed', input: { title: 'x' }, error: 'connect ETIMEDOUT 203.0.113.9:443', errorCode: MCP_ERROR_CODES.unreachable }),
        ],
      }),
    ],
  });
  renderRuns(server, <Route path="/workflows/:id/runs/:runId" element={<RunView client={server.client} workflowId="wf-1" runId="run-1" />} />, '/workflows/wf-1/runs/run-1', { language: 'de' });
  await screen.findByTestId('run-view');
  const calls = within(step('triage')).getAllByTestId('run-step');
  expect(calls.map((call) => call.dataset.stepId)).toEqual(['triage/mcp#1', 'triage/mcp#2']);
  const search = step('triage/mcp#1');
  expect(within(search).getByTestId('step-mcp')).toHaveTextContent('MCP-Werkzeug');
  expect(search).toHaveTextContent('Linear issues: search_issues');
  expect(within(search).getByTestId('step-output')).toHaveTextContent('LIN-42 Login fails on Safari');
  expect(search).toHaveTextContent('login bug');
  const create = step('triage/mcp#2');
  expect(await within(create).findByRole('alert')).toHaveTextContent('Der Server war nicht erreichbar. Prüfen Sie seine Adresse und ob er online ist.');
  expect(create).not.toHaveTextContent('ETIMEDOUT');
  // The agent's own steps are not marked.
  expect(within(step('triage')).getAllByTestId('step-mcp')).toHaveLength(2);
});
