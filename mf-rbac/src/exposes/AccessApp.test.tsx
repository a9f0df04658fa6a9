import { screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import AccessApp from './AccessApp';

// The shell mounts this entry at '/admin/access/*'; standalone, the remote mounts it at '/*'.
describe('mf_rbac ./AccessApp (federated entry)', () => {
  test.each([['/admin/access'], ['/admin/access/'], ['/admin/access/some/nested/path']])('renders the translated title at %s', (route) => {
    renderWithProviders(<AccessApp />, { route, path: '/admin/access/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Access control$/);
    expect(screen.getByText('Roles, permissions, organizations and the audit log.')).toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Access control');
  });

  test('renders standalone at / and at a nested path', () => {
    const { unmount } = renderWithProviders(<AccessApp />, { route: '/', path: '/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Access control');
    unmount();
    renderWithProviders(<AccessApp />, { route: '/deep/link', path: '/*' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Access control');
  });

  test.each([['/admin/access'], ['/admin/access/some/nested/path']])('is translated (es) at %s', (route) => {
    renderWithProviders(<AccessApp />, { route, path: '/admin/access/*', language: 'es' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Control de acceso$/);
    expect(screen.queryByText('Access control')).not.toBeInTheDocument();
    expect(document.title).toBe('Agentflow · Control de acceso');
  });
});
