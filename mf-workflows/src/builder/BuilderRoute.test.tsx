// The editor's chunk is requested while the sign-in state resolves, not after it.
import { screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { BuilderRoute } from './BuilderRoute';

const mockBuilderLoaded = jest.fn();
// Evaluated when the builder's chunk is first imported.
jest.mock('./Builder', () => {
  mockBuilderLoaded();
  return { __esModule: true, default: ({ workflowId }: { workflowId: string }) => <p data-testid="builder">{workflowId}</p> };
});

test('the builder chunk is requested while auth is still loading', async () => {
  renderWithProviders(<BuilderRoute docs={{} as never} />, { route: '/workflows/wf-1', path: '/workflows/:id', auth: { loading: true } });
  expect(screen.getByRole('status')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(mockBuilderLoaded).toHaveBeenCalledTimes(1);
  expect(screen.queryByTestId('builder')).not.toBeInTheDocument();
});

test('once signed in, the builder renders from the chunk already requested', async () => {
  renderWithProviders(<BuilderRoute docs={{} as never} />, { route: '/workflows/wf-2', path: '/workflows/:id', user: testUser() });
  expect(await screen.findByTestId('builder')).toHaveTextContent('wf-2');
});
