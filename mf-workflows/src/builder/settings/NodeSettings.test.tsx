// A step's settings (retries, on error), the red error handle they give a
// node, and the workflow's error workflow picker.
import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import type { NodeSettings, Workflow, WorkflowNode } from '@agentflow/shared/workflow';
import { CatalogueSourceProvider } from '../../components/CatalogueSourceContext';
import { createFakeCatalogueSource, testWorkflow } from '../../testing/fakeCatalogueSource';
import { builderReducer, connectionError, initialBuilderState, sourceHandlesOf } from '../builderState';
import NodeSettingsSection, { normalisedSettings } from './NodeSettingsSection';
import ErrorWorkflowPicker, { errorWorkflowChoices } from './ErrorWorkflowPicker';

const httpNode = (settings?: NodeSettings): WorkflowNode => ({
  id: 'call',
  type: 'http',
  name: 'Call CRM',
  position: { x: 0, y: 0 },
  params: { method: 'GET', url: 'https://example.com', headers: {} },
  ...(settings ? { settings } : {}),
});

function Harness({ initial, onSettings }: { initial: WorkflowNode; onSettings: (settings: NodeSettings | null) => void }) {
  const [node, setNode] = useState(initial);
  return (
    <NodeSettingsSection
      node={node}
      readOnly={false}
      onSettings={(settings) => {
        onSettings(settings);
        setNode((current) => {
          const { settings: _old, ...rest } = current;
          return settings ? { ...rest, settings } : rest;
        });
      }}
    />
  );
}

describe('node settings section', () => {
  it('shows the defaults and records only what differs from them', () => {
    const onSettings = jest.fn();
    renderWithProviders(<Harness initial={httpNode()} onSettings={onSettings} />, { language: 'en' });
    expect(screen.getByRole('heading', { name: 'Retries and errors' })).toBeTruthy();
    expect((screen.getByLabelText('Attempts in all') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Wait before trying again (ms)') as HTMLInputElement).value).toBe('500');
    expect((screen.getByLabelText('On error') as HTMLSelectElement).value).toBe('stop');

    fireEvent.change(screen.getByLabelText('On error'), { target: { value: 'branch' } });
    expect(onSettings).toHaveBeenLastCalledWith({ onError: 'branch' });
    expect(screen.getByText('Only the steps connected to the red “Error” output run when this step fails.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Attempts in all'), { target: { value: '5' } });
    expect(onSettings).toHaveBeenLastCalledWith({ onError: 'branch', retry: { attempts: 5, backoffMs: 500, on: 'transient' } });
    // Past the limit: held at the most allowed.
    fireEvent.change(screen.getByLabelText('Attempts in all'), { target: { value: '50' } });
    expect(onSettings).toHaveBeenLastCalledWith({ onError: 'branch', retry: { attempts: 10, backoffMs: 500, on: 'transient' } });
    fireEvent.change(screen.getByLabelText('Try again on'), { target: { value: 'any' } });
    expect(onSettings).toHaveBeenLastCalledWith({ onError: 'branch', retry: { attempts: 10, backoffMs: 500, on: 'any' } });

    fireEvent.click(screen.getByRole('button', { name: 'Back to the defaults' }));
    expect(onSettings).toHaveBeenLastCalledWith(null);
    expect((screen.getByLabelText('On error') as HTMLSelectElement).value).toBe('stop');
  });

  it('speaks the reader’s language, and has nothing for a trigger', () => {
    const { unmount } = renderWithProviders(<Harness initial={httpNode({ onError: 'continue' })} onSettings={jest.fn()} />, { language: 'de' });
    return waitFor(() => expect(screen.getByRole('heading', { name: 'Wiederholungen und Fehler' })).toBeTruthy()).then(() => {
      expect((screen.getByLabelText('Bei Fehler') as HTMLSelectElement).value).toBe('continue');
      unmount();
      renderWithProviders(<Harness initial={{ ...httpNode(), id: 't', type: 'trigger.manual', params: {} }} onSettings={jest.fn()} />, { language: 'en' });
      expect(screen.queryByTestId('node-settings')).toBeNull();
    });
  });

  it('drops settings equal to the defaults', () => {
    expect(normalisedSettings({ retry: { attempts: 3, backoffMs: 500, on: 'transient' }, onError: 'stop' })).toBeNull();
    expect(normalisedSettings({ retry: { attempts: 3, backoffMs: 500, on: 'any' } })).toEqual({ retry: { attempts: 3, backoffMs: 500, on: 'any' } });
  });
});

describe('the error handle', () => {
  const workflow = (settings?: NodeSettings): Workflow =>
    testWorkflow({
      id: 'wf-1',
      name: 'Errors',
      nodes: [httpNode(settings), { id: 'mail', type: 'http', name: 'Mail', position: { x: 300, y: 0 }, params: {} }],
    });

  it('is offered only by a node whose failures branch', () => {
    expect(sourceHandlesOf('http')).toEqual([null]);
    expect(sourceHandlesOf('http', { onError: 'continue' })).toEqual([null]);
    expect(sourceHandlesOf('http', { onError: 'branch' })).toEqual([null, 'error']);
    expect(sourceHandlesOf('condition', { onError: 'branch' })).toEqual(['true', 'false', 'error']);
    expect(connectionError(workflow(), 'call', 'mail', 'error')).toBe('handle');
    expect(connectionError(workflow({ onError: 'branch' }), 'call', 'mail', 'error')).toBeNull();
  });

  it('the reducer sets and removes a node’s settings, and the error workflow', () => {
    let state = initialBuilderState(workflow());
    state = builderReducer(state, { type: 'updateNode', id: 'call', settings: { onError: 'branch' } });
    expect(state.workflow.nodes[0]!.settings).toEqual({ onError: 'branch' });
    state = builderReducer(state, { type: 'updateNode', id: 'call', settings: null });
    expect('settings' in state.workflow.nodes[0]!).toBe(false);
    state = builderReducer(state, { type: 'updateSettings', settings: { errorWorkflowId: 'wf-errors' } });
    expect(state.workflow.errorWorkflowId).toBe('wf-errors');
  });
});

describe('error workflow picker', () => {
  const mine = [
    testWorkflow({ id: 'wf-1', name: 'This one', ownerId: 'user-1' }),
    testWorkflow({ id: 'wf-report', name: 'Report failures', ownerId: 'user-1' }),
    testWorkflow({ id: 'wf-trash', name: 'Old', ownerId: 'user-1', deletedAt: '2026-01-01T00:00:00.000Z' }),
  ];

  it('offers the user’s other workflows and reports the choice', async () => {
    expect(errorWorkflowChoices(mine, 'wf-1')).toEqual([{ id: 'wf-report', name: 'Report failures' }]);
    const onChange = jest.fn();
    const source = createFakeCatalogueSource({ mine, organization: [], organizationIds: [] });
    renderWithProviders(
      <CatalogueSourceProvider source={source}>
        <ErrorWorkflowPicker workflow={mine[0]!} readOnly={false} onChange={onChange} />
      </CatalogueSourceProvider>,
      { language: 'en', user: testUser() },
    );
    const select = (await screen.findByLabelText('Error workflow')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((option) => option.textContent)).toEqual(['None', 'Report failures']);
    fireEvent.change(select, { target: { value: 'wf-report' } });
    expect(onChange).toHaveBeenLastCalledWith('wf-report');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
