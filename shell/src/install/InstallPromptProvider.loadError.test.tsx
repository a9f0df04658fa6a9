// The modal's chunk failing to load (offline, a new deploy) must not take the
// page down: the modal closes for this visit and the floating button returns.
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { InstallPromptProvider } from './InstallPromptProvider';
import { DISMISSED_STORAGE_KEY } from './installMachine';

jest.mock('./InstallModal', () => {
  throw new Error('Loading chunk install-modal failed');
});

test('a modal chunk that fails to load leaves the page and the floating button usable', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const reportError = jest.fn();
  const previousReportError = window.reportError;
  window.reportError = reportError;
  localStorage.clear();
  try {
    renderWithProviders(
      <InstallPromptProvider>
        <p>page content</p>
      </InstallPromptProvider>,
    );
    fireEvent.click(screen.getByTestId('install-fab'));
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
    expect(screen.getByText('page content')).toBeInTheDocument();
    expect(screen.queryByTestId('install-modal')).not.toBeInTheDocument();
    expect(screen.getByTestId('install-fab')).toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_STORAGE_KEY)).toBeNull();
  } finally {
    window.reportError = previousReportError;
    consoleError.mockRestore();
  }
});
