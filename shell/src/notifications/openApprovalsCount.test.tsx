// The header's approvals count is the approvals still waiting for the user's
// decision (open approval_waiting notifications), not the unread ones: Mark
// all read leaves it; a decision or a canceled run (platform-api closes the
// notification) lowers it, live.
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { NOTIFICATIONS_CHANGED_EVENT, OPEN_APPROVALS_COUNT_LIMIT } from '@agentflow/shared/notifications';
import { Header } from '../components/Header';
import { approvalWaiting, fakeNotificationsSource, runFailed, type FakeNotificationsSource } from './fakeSource';
import { NotificationsSourceContext } from './source';

const FIRST = approvalWaiting();
const SECOND = approvalWaiting({ id: 'user-1_approval_run-7_review', runId: 'run-7', nodeId: 'review' });

async function renderHeader(source: FakeNotificationsSource) {
  renderWithProviders(
    <NotificationsSourceContext.Provider value={source}>
      <Header />
    </NotificationsSourceContext.Provider>,
    { route: '/workflows', user: testUser() },
  );
  return screen.findByTestId('approvals-link');
}

test('Mark all read empties the bell but leaves the approvals count', async () => {
  const source = fakeNotificationsSource([FIRST, SECOND, runFailed()]);
  await renderHeader(source);
  expect(await screen.findByRole('link', { name: 'Approvals: 2 waiting for you' })).toBe(screen.getByTestId('approvals-link'));
  fireEvent.click(screen.getByTestId('notifications-button'));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
  });
  // Newest first, as the bell lists them.
  expect(source.marked).toEqual([[runFailed().id, FIRST.id, SECOND.id]]);
  expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
  expect(screen.getByTestId('approvals-link')).toHaveAccessibleName('Approvals: 2 waiting for you');
  expect(screen.getByTestId('approvals-badge')).toHaveTextContent(/^2$/);
});

test('a decision lowers the count live, also for an approval already read; the last one removes the badge', async () => {
  const source = fakeNotificationsSource([FIRST, { ...SECOND, read: true }]);
  const link = await renderHeader(source);
  expect(link).toHaveAccessibleName('Approvals: 2 waiting for you');
  // Only the unread one is in the bell.
  expect(screen.getByTestId('notifications-button')).toHaveAccessibleName('Notifications: 1 unread');
  act(() => source.closeApproval(SECOND.id));
  expect(screen.getByTestId('approvals-link')).toHaveAccessibleName('Approvals: 1 waiting for you');
  act(() => source.closeApproval(FIRST.id));
  expect(screen.getByTestId('approvals-link')).toHaveAccessibleName('Approvals');
  expect(screen.queryByTestId('approvals-badge')).not.toBeInTheDocument();
});

test('an approval closed while its notification was already read still tells the inbox to fetch again', async () => {
  const heard = jest.fn();
  window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, heard);
  try {
    const source = fakeNotificationsSource([{ ...FIRST, read: true }]);
    await renderHeader(source);
    const before = heard.mock.calls.length;
    act(() => source.closeApproval(FIRST.id));
    expect(heard.mock.calls.length).toBeGreaterThan(before);
  } finally {
    window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, heard);
  }
});

test(`more than ${OPEN_APPROVALS_COUNT_LIMIT} open: “${OPEN_APPROVALS_COUNT_LIMIT}+”, and said so`, async () => {
  const many = Array.from({ length: OPEN_APPROVALS_COUNT_LIMIT + 1 }, (_, index) => approvalWaiting({ id: `a-${index}`, runId: `run-${index}`, read: true }));
  const link = await renderHeader(fakeNotificationsSource(many));
  expect(link).toHaveAccessibleName(`Approvals: more than ${OPEN_APPROVALS_COUNT_LIMIT} waiting for you`);
  expect(screen.getByTestId('approvals-badge')).toHaveTextContent(`${OPEN_APPROVALS_COUNT_LIMIT}+`);
});

test('a failed count listener shows no number', async () => {
  const source = fakeNotificationsSource([FIRST]);
  await renderHeader(source);
  act(() => source.fail());
  expect(screen.getByTestId('approvals-link')).toHaveAccessibleName('Approvals');
});
