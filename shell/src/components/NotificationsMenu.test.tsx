// The header's notifications bell (issue 16 item 5) on an in-memory source:
// the unread count, the panel's sentences in English and German, the links,
// marking read, and the keyboard and pointer behaviour of the panel.
import { Route, Routes, useLocation } from '@agentflow/shared';
import { NOTIFICATION_LIST_LIMIT } from '@agentflow/shared/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { Header } from './Header';
import { approvalWaiting, fakeNotificationsSource, invitation, refusedRun, runFailed, type FakeNotificationsSource } from '../notifications/fakeSource';
import { NOTIFICATIONS_CHANGED_EVENT } from '@agentflow/shared/notifications';
import { NotificationsSourceContext } from '../notifications/source';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader(source: FakeNotificationsSource, options: ProvidersOptions = { user: testUser() }) {
  return renderWithProviders(
    <NotificationsSourceContext.Provider value={source}>
      <Header />
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </NotificationsSourceContext.Provider>,
    { route: '/workflows', ...options },
  );
}

const TOKENS = refusedRun({ workflowId: 'wf-1', runId: 'run-9', count: 3, updatedAt: '2026-11-25T14:30:00.000Z' });
const PLAN = refusedRun({ workflowId: 'wf-2', workflowName: 'Nightly report', runId: 'run-4', trigger: 'schedule', code: 'plan_required', updatedAt: '2026-11-24T08:00:00.000Z' });
const CREDENTIAL = refusedRun({ workflowId: 'wf-3', workflowName: 'CRM sync', runId: 'run-2', code: 'credential_missing', updatedAt: '2026-11-23T08:00:00.000Z' });

const bell = () => screen.getByTestId('notifications-button');
const panel = () => screen.getByRole('region', { name: 'Notifications' });
const items = () => within(panel()).getAllByTestId('notification');

describe('notifications bell', () => {
  test('nothing while signed out', () => {
    const source = fakeNotificationsSource([TOKENS]);
    renderHeader(source, {});
    expect(screen.queryByTestId('notifications-button')).not.toBeInTheDocument();
    expect(source.watchedBy).toEqual([]);
  });

  test("signed in: listens to the user's unread notifications and shows how many", async () => {
    const source = fakeNotificationsSource([TOKENS, PLAN]);
    renderHeader(source);
    // The bell is loaded once someone is signed in.
    await screen.findByTestId('notifications-button');
    expect(source.watchedBy).toEqual(['user-1']);
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBe(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent(/^2$/);
  });

  test('none unread: no badge, and the panel says so', () => {
    renderHeader(fakeNotificationsSource([]));
    expect(bell()).toHaveAccessibleName('Notifications: none unread');
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    fireEvent.click(bell());
    expect(panel()).toHaveTextContent('No new notifications.');
    expect(panel()).toHaveFocus();
  });

  test('more unread than the list holds: “20+”', () => {
    const many = Array.from({ length: NOTIFICATION_LIST_LIMIT + 1 }, (_, index) =>
      refusedRun({ workflowId: `wf-${index}`, updatedAt: `2026-11-25T10:${String(index).padStart(2, '0')}:00.000Z` }),
    );
    renderHeader(fakeNotificationsSource(many));
    expect(bell()).toHaveAccessibleName(`Notifications: more than ${NOTIFICATION_LIST_LIMIT} unread`);
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent(`${NOTIFICATION_LIST_LIMIT}+`);
    fireEvent.click(bell());
    expect(items()).toHaveLength(NOTIFICATION_LIST_LIMIT);
    // Newest first: the oldest one is the one left out.
    expect(within(items()[0]!).getByRole('link', { name: 'View run' })).toHaveAttribute('href', `/workflows/wf-${NOTIFICATION_LIST_LIMIT}/runs/run-9`);
  });

  test('the panel: one sentence per refusal (trigger and reason), how often, when, the run and, when a plan fixes it, the plans', () => {
    renderHeader(fakeNotificationsSource([CREDENTIAL, TOKENS, PLAN]));
    fireEvent.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(bell()).toHaveAttribute('aria-controls', panel().id);
    const [tokens, plan, credential] = items();
    expect(within(tokens!).getByText('Webhook run of “Lead intake” refused: you are out of tokens')).toBeInTheDocument();
    expect(tokens).toHaveTextContent('3 times');
    expect(within(tokens!).getByText(/2026/).tagName).toBe('TIME');
    expect(within(tokens!).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-25T14:30:00.000Z');
    expect(within(tokens!).getByRole('link', { name: 'View run' })).toHaveAttribute('href', '/workflows/wf-1/runs/run-9');
    expect(within(tokens!).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');

    expect(plan).toHaveTextContent('Scheduled run of “Nightly report” refused: your plan does not include scheduled triggers');
    expect(plan).not.toHaveTextContent('times'); // refused once
    expect(within(plan!).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');

    expect(credential).toHaveTextContent('Webhook run of “CRM sync” refused: a credential is missing');
    expect(within(credential!).getByRole('link', { name: 'View run' })).toHaveAttribute('href', '/workflows/wf-3/runs/run-2');
    expect(within(credential!).queryByRole('link', { name: 'See plans' })).not.toBeInTheDocument();
  });

  test('a webhook refused by the plan names webhook triggers', () => {
    renderHeader(fakeNotificationsSource([refusedRun({ code: 'plan_required' })]));
    fireEvent.click(bell());
    expect(items()[0]).toHaveTextContent('Webhook run of “Lead intake” refused: your plan does not include webhook triggers');
  });

  test('in German', () => {
    renderHeader(fakeNotificationsSource([TOKENS, PLAN]), { user: testUser(), language: 'de' });
    expect(bell()).toHaveAccessibleName('Benachrichtigungen: 2 ungelesen');
    fireEvent.click(bell());
    expect(screen.getByRole('region', { name: 'Benachrichtigungen' })).toBeInTheDocument();
    const [tokens, plan] = screen.getAllByTestId('notification');
    expect(tokens).toHaveTextContent('Webhook-Ausführung von „Lead intake“ abgelehnt: Ihre Tokens sind aufgebraucht');
    expect(tokens).toHaveTextContent('3-mal');
    expect(within(tokens!).getByRole('link', { name: 'Ausführung ansehen' })).toHaveAttribute('href', '/workflows/wf-1/runs/run-9');
    expect(within(tokens!).getByRole('link', { name: 'Tarife ansehen' })).toHaveAttribute('href', '/billing/plans');
    expect(plan).toHaveTextContent('Geplante Ausführung von „Nightly report“ abgelehnt: Ihr Tarif enthält keine Zeitplan-Auslöser');
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeInTheDocument();
  });

  test('opening a notification marks it read and goes to its run', async () => {
    const source = fakeNotificationsSource([TOKENS, PLAN]);
    renderHeader(source);
    fireEvent.click(bell());
    await act(async () => {
      fireEvent.click(within(items()[0]!).getByRole('link', { name: 'View run' }));
    });
    expect(source.marked).toEqual([[TOKENS.id]]);
    expect(screen.getByTestId('path')).toHaveTextContent('/workflows/wf-1/runs/run-9');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications: 1 unread');
  });

  test('following a notification to the plans marks it read too', async () => {
    const source = fakeNotificationsSource([PLAN]);
    renderHeader(source);
    fireEvent.click(bell());
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'See plans' }));
    });
    expect(source.marked).toEqual([[PLAN.id]]);
    expect(screen.getByTestId('path')).toHaveTextContent('/billing/plans');
  });

  test('Mark all read marks every listed notification read; the list empties', async () => {
    const source = fakeNotificationsSource([TOKENS, PLAN, CREDENTIAL]);
    renderHeader(source);
    fireEvent.click(bell());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    });
    expect(source.marked).toEqual([[TOKENS.id, PLAN.id, CREDENTIAL.id]]);
    expect(panel()).toHaveTextContent('No new notifications.');
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  test('a refused write says so and keeps the notification', async () => {
    const source = fakeNotificationsSource([TOKENS]);
    source.rejectMarkRead(true);
    renderHeader(source);
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not mark as read. Please try again.');
    expect(items()).toHaveLength(1);
  });

  test('a new refusal shows up live', () => {
    const source = fakeNotificationsSource([PLAN]);
    renderHeader(source);
    act(() => source.emit([TOKENS, PLAN]));
    expect(bell()).toHaveAccessibleName('Notifications: 2 unread');
  });

  test('a failed listener: no count, and the panel says the notifications could not be loaded', () => {
    const source = fakeNotificationsSource([TOKENS]);
    renderHeader(source);
    act(() => source.fail());
    expect(bell()).toHaveAccessibleName('Notifications: none unread');
    fireEvent.click(bell());
    expect(panel()).toHaveTextContent('Notifications could not be loaded.');
  });

  test('opening focuses the first action; Escape closes and gives focus back to the bell', () => {
    renderHeader(fakeNotificationsSource([TOKENS]));
    fireEvent.click(bell());
    const markAll = screen.getByRole('button', { name: 'Mark all read' });
    expect(markAll).toHaveFocus();
    fireEvent.keyDown(markAll, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(bell()).toHaveFocus();
  });

  test('a press outside closes the panel; a press inside does not; the bell toggles it', () => {
    renderHeader(fakeNotificationsSource([TOKENS]));
    fireEvent.click(bell());
    fireEvent.pointerDown(items()[0]!);
    expect(panel()).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByTestId('path'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    fireEvent.click(bell());
    expect(panel()).toBeInTheDocument();
    fireEvent.click(bell());
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  test('stops listening when the header goes away', () => {
    const source = fakeNotificationsSource([TOKENS]);
    const { unmount } = renderHeader(source);
    // The unread list and the open approvals' count.
    expect(source.listening()).toBe(2);
    unmount();
    expect(source.listening()).toBe(0);
  });

  test('offline: the bell still shows this device’s copy and marking read still works', async () => {
    const setOnline = (online: boolean) => {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
      window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    };
    const source = fakeNotificationsSource([TOKENS]);
    renderHeader(source);
    try {
      act(() => setOnline(false));
      expect(screen.getByTestId('offline-indicator')).toBeInTheDocument();
      expect(bell()).toHaveAccessibleName('Notifications: 1 unread');
      fireEvent.click(bell());
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
      });
      expect(source.marked).toEqual([[TOKENS.id]]);
      expect(panel()).toHaveTextContent('No new notifications.');
    } finally {
      act(() => setOnline(true));
    }
  });
});

describe('the kinds of issue 21, and the approvals link', () => {
  const APPROVAL = approvalWaiting();
  const FAILED = runFailed();
  const INVITED = invitation();
  const byKind = (kind: string) => within(panel()).getAllByTestId('notification').find((item) => item.dataset.kind === kind)!;

  test('an approval waiting opens its card in the inbox; a failed run opens the run; an invitation opens the invitation page', async () => {
    renderHeader(fakeNotificationsSource([APPROVAL, FAILED, INVITED]));
    fireEvent.click(await screen.findByTestId('notifications-button'));
    const approval = byKind('approval_waiting');
    expect(approval).toHaveTextContent('Sam Seller is waiting for your approval in “Discount approval”. Approve a 15% discount for ACME?');
    expect(within(approval).getByRole('link', { name: 'Open in approvals' })).toHaveAttribute('href', '/workflows/approvals?run=run-5&node=managerApproval');
    const failed = byKind('run_failed');
    expect(failed).toHaveTextContent('A run of “CRM sync” failed: HubSpot answered 401');
    expect(within(failed).getByRole('link', { name: 'View run' })).toHaveAttribute('href', '/workflows/wf-6/runs/run-6');
    const invited = byKind('invitation');
    expect(invited).toHaveTextContent('Olivia Owner invited you to the workspace “Acme Sales” as Workspace runner.');
    expect(within(invited).getByRole('link', { name: 'See the invitation' })).toHaveAttribute('href', '/admin/access/invitations/inv-1');
  });

  test('without the optional names and error, the sentences still read', async () => {
    renderHeader(fakeNotificationsSource([approvalWaiting({ requestedByName: null, message: '' }), runFailed({ error: null }), invitation({ invitedByName: null, roleId: 'custom_role' })]));
    fireEvent.click(await screen.findByTestId('notifications-button'));
    expect(byKind('approval_waiting')).toHaveTextContent('“Discount approval” is waiting for your approval.');
    expect(byKind('run_failed')).toHaveTextContent('A run of “CRM sync” failed.');
    expect(byKind('invitation')).toHaveTextContent('You are invited to the workspace “Acme Sales” as custom_role.');
  });

  test('following an approval marks it read and goes to the inbox', async () => {
    const source = fakeNotificationsSource([APPROVAL]);
    renderHeader(source);
    fireEvent.click(await screen.findByTestId('notifications-button'));
    fireEvent.click(within(panel()).getByRole('link', { name: 'Open in approvals' }));
    expect(source.marked).toEqual([[APPROVAL.id]]);
    expect(screen.getByTestId('path')).toHaveTextContent('/workflows/approvals');
  });

  test('in German', async () => {
    renderHeader(fakeNotificationsSource([APPROVAL, FAILED, INVITED]), { user: testUser(), language: 'de' });
    fireEvent.click(await screen.findByTestId('notifications-button'));
    const german = await screen.findByRole('region', { name: 'Benachrichtigungen' });
    expect(await within(german).findByText('Sam Seller wartet in „Discount approval“ auf Ihre Freigabe. Approve a 15% discount for ACME?')).toBeInTheDocument();
    const item = (kind: string) => within(german).getAllByTestId('notification').find((element) => element.dataset.kind === kind)!;
    expect(item('invitation')).toHaveTextContent('Olivia Owner hat Sie in den Arbeitsbereich „Acme Sales“ als Arbeitsbereich-Ausführender eingeladen.');
    expect(within(item('run_failed')).getByRole('link', { name: 'Ausführung ansehen' })).toBeInTheDocument();
  });

  test('the header links to the inbox with the number of approvals waiting, live', async () => {
    const source = fakeNotificationsSource([FAILED]);
    renderHeader(source);
    const link = await screen.findByTestId('approvals-link');
    expect(link).toHaveAttribute('href', '/workflows/approvals');
    expect(link).toHaveAccessibleName('Approvals');
    expect(screen.queryByTestId('approvals-badge')).not.toBeInTheDocument();
    act(() => source.emit([APPROVAL, approvalWaiting({ id: 'other', runId: 'run-7' }), FAILED]));
    expect(screen.getByTestId('approvals-link')).toHaveAccessibleName('Approvals: 2 waiting for you');
    expect(screen.getByTestId('approvals-badge')).toHaveTextContent(/^2$/);
  });

  test('each change of the unread list is announced on window (the inbox fetches again)', async () => {
    const heard = jest.fn();
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, heard);
    try {
      const source = fakeNotificationsSource([]);
      renderHeader(source);
      await screen.findByTestId('notifications-button');
      const before = heard.mock.calls.length;
      expect(before).toBeGreaterThanOrEqual(1);
      act(() => source.emit([APPROVAL]));
      // Announced by the unread list, and again by the open approvals' count (it changed too): the inbox fetches again either way.
      expect(heard).toHaveBeenCalledTimes(before + 2);
      act(() => source.emit([APPROVAL, runFailed()]));
      expect(heard).toHaveBeenCalledTimes(before + 3);
    } finally {
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, heard);
    }
  });
});

