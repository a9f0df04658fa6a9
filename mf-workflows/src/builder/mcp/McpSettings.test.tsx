// Offering a workflow to MCP clients in the builder's settings (issue 24),
// and the catalogue card's badge.
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import type { Workflow, WorkflowMcpSettings, WorkflowNode } from '@agentflow/shared/workflow';
import { testWorkflow } from '../../testing/fakeCatalogueSource';
import { WorkflowCard } from '../../components/WorkflowCard';
import { builderReducer, initialBuilderState } from '../builderState';
import { workflowUpdate } from '../../api/workflowDocs';
import { McpSettings } from './McpSettings';

const node = (id: string, type: WorkflowNode['type']): WorkflowNode => ({ id, type, name: id, position: { x: 0, y: 0 }, params: {} });
const withManual = (extra: Partial<Workflow> = {}) => testWorkflow({ id: 'wf-1', name: 'Lead follow-up', nodes: [node('start', 'trigger.manual')], ...extra });

function Harness({ initial, onChange }: { initial: Workflow; onChange: (mcp: WorkflowMcpSettings | null) => void }) {
  const [workflow, setWorkflow] = useState(initial);
  return (
    <McpSettings
      workflow={workflow}
      readOnly={false}
      onChange={(mcp) => {
        onChange(mcp);
        setWorkflow((current) => ({ ...current, mcp }));
      }}
    />
  );
}

test('the switch offers the workflow; the tool name and description are set, blank ones are none, a bad name is flagged', () => {
  const onChange = jest.fn();
  renderWithProviders(<Harness initial={withManual()} onChange={onChange} />, { language: 'en' });
  fireEvent.click(screen.getByLabelText('Offer to MCP clients as a tool'));
  expect(onChange).toHaveBeenLastCalledWith({ enabled: true });
  expect(screen.getByText('Letters, digits, _ and -, up to 64. Left empty: lead_follow_up')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Tool name'), { target: { value: 'follow up' } });
  expect(screen.getByText('Use only letters, digits, _ and - (up to 64).')).toBeTruthy();
  expect(screen.getByLabelText('Tool name').getAttribute('aria-invalid')).toBe('true');
  fireEvent.change(screen.getByLabelText('Tool name'), { target: { value: 'follow_up' } });
  fireEvent.change(screen.getByLabelText('Tool description'), { target: { value: 'Drafts a follow-up e-mail' } });
  expect(onChange).toHaveBeenLastCalledWith({ enabled: true, toolName: 'follow_up', description: 'Drafts a follow-up e-mail' });
  fireEvent.change(screen.getByLabelText('Tool description'), { target: { value: '  ' } });
  expect(onChange).toHaveBeenLastCalledWith({ enabled: true, toolName: 'follow_up', description: null });
  fireEvent.click(screen.getByLabelText('Offer to MCP clients as a tool'));
  expect(onChange).toHaveBeenLastCalledWith({ enabled: false, toolName: 'follow_up', description: null });
  expect(screen.queryByLabelText('Tool name')).toBeNull();
});

test('without a manual trigger the switch is off and says why; one left on can still be turned off', () => {
  const onChange = jest.fn();
  const { unmount } = renderWithProviders(<Harness initial={withManual({ nodes: [node('hook', 'trigger.webhook')] })} onChange={onChange} />, { language: 'en' });
  expect((screen.getByLabelText('Offer to MCP clients as a tool') as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByText('Only a workflow with a manual trigger can be offered to MCP clients: its fields are the tool’s input.')).toBeTruthy();
  unmount();
  renderWithProviders(<Harness initial={withManual({ nodes: [node('hook', 'trigger.webhook')], mcp: { enabled: true } })} onChange={onChange} />, { language: 'en' });
  fireEvent.click(screen.getByLabelText('Offer to MCP clients as a tool'));
  expect(onChange).toHaveBeenLastCalledWith(null);
});

test('the setting is a saved, undoable workflow setting', () => {
  let state = initialBuilderState(withManual());
  state = builderReducer(state, { type: 'updateSettings', settings: { mcp: { enabled: true, toolName: 'follow_up' } } });
  expect(workflowUpdate(state.workflow, 2)).toMatchObject({ mcp: { enabled: true, toolName: 'follow_up' } });
  state = builderReducer(state, { type: 'undo' });
  expect(state.workflow.mcp).toBeUndefined();
  // Absent is saved as null, so an offer saved before is taken away.
  expect(workflowUpdate(state.workflow, 3)).toMatchObject({ mcp: null });
});

test('in German, and the catalogue card shows the badge on an offered workflow only', () => {
  const { unmount } = renderWithProviders(<Harness initial={withManual()} onChange={() => undefined} />, { language: 'de' });
  expect(screen.getByLabelText('MCP-Clients als Werkzeug anbieten')).toBeTruthy();
  unmount();
  renderWithProviders(
    <>
      <WorkflowCard workflow={withManual({ mcp: { enabled: true } })} kind="mine" />
      <WorkflowCard workflow={withManual({ id: 'wf-2', mcp: { enabled: false } })} kind="mine" />
    </>,
    { language: 'en' },
  );
  const badges = screen.getAllByTestId('mcp-badge');
  expect(badges).toHaveLength(1);
  expect(badges[0]!.closest('[data-workflow-id]')!.getAttribute('data-workflow-id')).toBe('wf-1');
  expect(badges[0]!.getAttribute('title')).toBe('Offered to MCP clients as a tool');
});
