import { screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import WorkflowsApp from './WorkflowsApp';

// The shell mounts this entry at '/workflows/*'; standalone, the remote mounts it at '/*'.
describe('mf_workflows ./WorkflowsApp (federated entry)', () => {
  test.each([['/workflows'], ['/workflows/'], ['/workflows/some/nested/path']])('renders the translated title at %s', (route) => {
    renderWithProviders(<WorkflowsApp />, { route, path: '/workflows/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Workflows$/);
    expect(screen.getByText('Find, copy, build and run multi-agent workflows.')).toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Workflows');
  });

  test('renders standalone at / and at a nested path', () => {
    const { unmount } = renderWithProviders(<WorkflowsApp />, { route: '/', path: '/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Workflows');
    unmount();
    renderWithProviders(<WorkflowsApp />, { route: '/deep/link', path: '/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Workflows');
  });

  test.each([['/workflows'], ['/workflows/some/nested/path']])('is translated (de) at %s', (route) => {
    renderWithProviders(<WorkflowsApp />, { route, path: '/workflows/*', language: 'de' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Abläufe$/);
    expect(screen.queryByText('Workflows')).not.toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Abläufe');
  });
});
