import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { ErrorBoundary, ErrorScreen } from './ErrorBoundary';

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // React and the boundary report the caught error; the tests assert on what the user sees.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

function FailsOnFirstAttempt({ attempt }: { attempt: number }) {
  if (attempt === 0) throw new Error('remote exploded');
  return <p>content, attempt {attempt}</p>;
}

describe('ErrorScreen', () => {
  test('shows the friendly message and a Try Again button that calls onRetry', () => {
    const onRetry = jest.fn();
    renderWithProviders(<ErrorScreen onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Something went wrong$/);
    expect(screen.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('is translated', () => {
    renderWithProviders(<ErrorScreen onRetry={() => undefined} />, { language: 'es' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Algo salió mal');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('ErrorBoundary', () => {
  test('renders its children with attempt 0 while nothing fails', () => {
    renderWithProviders(<ErrorBoundary>{(attempt) => <p>attempt {attempt}</p>}</ErrorBoundary>);
    expect(screen.getByText('attempt 0')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('shows the error screen when a child throws, and Try Again re-renders the children with attempt + 1', () => {
    const children = jest.fn((attempt: number) => <FailsOnFirstAttempt attempt={attempt} />);
    renderWithProviders(<ErrorBoundary>{children}</ErrorBoundary>);

    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeInTheDocument();
    expect(screen.queryByText(/content/)).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Agentflow: a page failed', expect.objectContaining({ message: 'remote exploded' }), expect.any(String));

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(screen.getByText('content, attempt 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(children).toHaveBeenLastCalledWith(1);
  });

  test('counts every retry', () => {
    function DownTwice({ attempt }: { attempt: number }) {
      if (attempt < 2) throw new Error(`still down on attempt ${attempt}`);
      return <p>ready on attempt {attempt}</p>;
    }
    renderWithProviders(<ErrorBoundary>{(attempt) => <DownTwice attempt={attempt} />}</ErrorBoundary>);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('ready on attempt 2')).toBeInTheDocument();
  });
});
