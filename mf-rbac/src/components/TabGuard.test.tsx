import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { RBACContext, type RBACContextValue } from '@agentflow/shared';
import { fakeRBAC, TestProviders } from '@agentflow/shared/testing/renderWithProviders';
import { ConsoleTexts } from '../i18n/ConsoleTexts';
import { TabGuard } from './TabGuard';
import { tabFor } from './tabs';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      clicked {count}
    </button>
  );
}

function renderGuard(rbac: RBACContextValue) {
  const ui = (value: RBACContextValue) => (
    <TestProviders>
      <ConsoleTexts>
        <RBACContext.Provider value={value}>
          <TabGuard tab={tabFor('users')}>
            <Counter />
          </TabGuard>
        </RBACContext.Provider>
      </ConsoleTexts>
    </TestProviders>
  );
  const result = render(ui(rbac));
  return { rerender: (next: RBACContextValue) => result.rerender(ui(next)) };
}

test('shows a loading status first, then the section when allowed', () => {
  const { rerender } = renderGuard(fakeRBAC({ loading: true }));
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  rerender(fakeRBAC({ userPermissions: ['assign_roles'] }));
  expect(screen.getByRole('button', { name: 'clicked 0' })).toBeInTheDocument();
});

test('a reload of access (after assign or revoke) keeps the section mounted with its state', () => {
  const { rerender } = renderGuard(fakeRBAC({ userPermissions: ['assign_roles'] }));
  fireEvent.click(screen.getByRole('button', { name: 'clicked 0' }));
  rerender(fakeRBAC({ loading: true, userPermissions: ['assign_roles'] }));
  expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
  rerender(fakeRBAC({ userPermissions: ['assign_roles'] }));
  expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
});

test('losing the permission on reload shows the 403 page', () => {
  const { rerender } = renderGuard(fakeRBAC({ userPermissions: ['assign_roles'] }));
  rerender(fakeRBAC({ loading: true }));
  rerender(fakeRBAC({ userPermissions: [] }));
  expect(screen.getByTestId('access-forbidden')).toBeInTheDocument();
});
