import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { BillingTexts } from '../i18n/BillingTexts';
import { ReadStates, SkeletonLines } from './ReadStates';

type Read = Parameters<typeof ReadStates<string>>[0]['read'];
const read = (overrides: Partial<Read> = {}): Read => ({ isError: false, error: null, isPending: false, data: undefined, refetch: jest.fn(), ...overrides });
const message = (_t: unknown, error: unknown) => `Failed: ${String(error)}`;

function renderStates(value: Read, pending?: boolean) {
  return renderWithProviders(
    <BillingTexts>
      <ReadStates read={value} message={message} pending={pending} loading="Loading the list" empty="Nothing yet" emptyTestId="list-empty">
        {(items) => <ul data-testid="list">{items.map((item) => <li key={item}>{item}</li>)}</ul>}
      </ReadStates>
    </BillingTexts>,
  );
}

describe('ReadStates', () => {
  test('a failure is an alert with its translated text, and Try again reads again', () => {
    const value = read({ isError: true, error: 'boom', data: ['kept'] });
    renderStates(value);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed: boom');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(value.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('list')).not.toBeInTheDocument();
  });

  test('while pending, a text loading view is a status line', () => {
    renderStates(read({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the list');
  });

  test('`pending` overrides the read’s own flag (a read that waits for a customer is no loading)', () => {
    renderStates(read({ isPending: true }), false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('list-empty')).toHaveTextContent('Nothing yet');
  });

  test('no items: the empty text; items: the content', () => {
    const { unmount } = renderStates(read({ data: [] }));
    expect(screen.getByTestId('list-empty')).toHaveTextContent('Nothing yet');
    unmount();
    renderStates(read({ data: ['a', 'b'] }));
    expect(screen.getByTestId('list')).toHaveTextContent('ab');
    expect(screen.queryByTestId('list-empty')).not.toBeInTheDocument();
  });
});

test('SkeletonLines: a busy status named for screen readers, with the grey lines hidden from them', () => {
  const { container } = renderWithProviders(<SkeletonLines testId="cards-loading" label="Loading cards" lines={3} />);
  const status = screen.getByRole('status');
  expect(status).toHaveAttribute('aria-busy', 'true');
  expect(status).toHaveTextContent('Loading cards');
  expect(container.querySelectorAll('.billing-skeleton-line[aria-hidden="true"]')).toHaveLength(3);
});
