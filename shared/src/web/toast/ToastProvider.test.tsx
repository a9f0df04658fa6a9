/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { expectRefusedOutsideProvider } from '@agentflow/shared/testing/requiredContext';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useToast, type ToastContextValue } from '../federation/contexts';
import { I18nProvider } from '../providers/I18nProvider';
import { ToastProvider } from './ToastProvider';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toastStore';
import { useEffect } from 'react';

let api: ToastContextValue | undefined;
function Probe() {
  const toasts = useToast();
  // Handed to the test after each commit (an effect), so rendering stays pure.
  useEffect(() => {
    api = toasts;
  });
  return <output data-testid="queue">{toasts.toasts.map((toast) => `${toast.title}:${toast.open ? 'open' : 'closed'}`).join(',')}</output>;
}

function renderToasts() {
  return render(
    <I18nProvider initialLanguage="en">
      <ToastProvider>
        <Probe />
      </ToastProvider>
    </I18nProvider>,
  );
}

afterEach(() => {
  jest.useRealTimers();
  api = undefined;
});

test('useToast refuses to run outside the provider', () => {
  expectRefusedOutsideProvider(useToast, 'useToast must be used within a ToastProvider');
});

test('a toast shows its title and description in the notification region, one at a time', async () => {
  renderToasts();
  act(() => {
    api!.toast({ title: 'Saved', description: 'Your workflow is saved.', variant: 'success' });
  });
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(screen.getByText('Your workflow is saved.')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'success');

  act(() => {
    api!.toast({ title: 'Second' });
  });
  expect(await screen.findByText('Second')).toBeInTheDocument();
  expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
});

test('closes by itself after 5000 ms and is removed from the queue 1,000,000 ms after that', async () => {
  jest.useFakeTimers();
  renderToasts();
  act(() => {
    api!.toast({ title: 'Heads up' });
  });
  await screen.findByText('Heads up');
  act(() => {
    jest.advanceTimersByTime(TOAST_DURATION_MS - 100);
  });
  expect(screen.getByTestId('queue')).toHaveTextContent('Heads up:open');
  act(() => {
    jest.advanceTimersByTime(200);
  });
  expect(screen.getByTestId('queue')).toHaveTextContent('Heads up:closed');
  act(() => {
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1000);
  });
  expect(screen.getByTestId('queue')).toHaveTextContent('Heads up:closed');
  act(() => {
    jest.advanceTimersByTime(1000);
  });
  expect(screen.getByTestId('queue')).toBeEmptyDOMElement();
});

test('the close button and the returned handle dismiss; an action button runs its callback', async () => {
  renderToasts();
  const onReload = jest.fn();
  act(() => {
    api!.toast({ title: 'Update ready', duration: Infinity, action: { label: 'Reload', onClick: onReload } });
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
  expect(onReload).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.getByTestId('queue')).toHaveTextContent('Update ready:closed'));

  let handle: ReturnType<ToastContextValue['toast']> | undefined;
  act(() => {
    handle = api!.toast({ title: 'Working' });
  });
  act(() => handle!.update({ title: 'Done' }));
  expect(await screen.findByText('Done')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
  await waitFor(() => expect(screen.getByTestId('queue')).toHaveTextContent('Done:closed'));
});
