// The header's way to the approval inbox, beside the bell: a check-mark link
// with the number of approvals still waiting for the user's decision
// (useOpenApprovalsCount: open approval_waiting notifications, read or not;
// platform-api closes them when the step is decided or its run ends), never
// the unread count: Mark all read leaves it.
import { NavLink, useI18n } from '@agentflow/shared';
import { APPROVAL_INBOX_PATH, OPEN_APPROVALS_COUNT_LIMIT } from '@agentflow/shared/notifications';

export function ApprovalsLink({ count }: { count: number }) {
  const { t } = useI18n();
  const more = count > OPEN_APPROVALS_COUNT_LIMIT;
  const label = more
    ? t('notifications.approvalsLinkMore', { count: OPEN_APPROVALS_COUNT_LIMIT })
    : count > 0
      ? t('notifications.approvalsLinkWaiting', { count })
      : t('notifications.approvalsLink');
  return (
    <NavLink to={APPROVAL_INBOX_PATH} className="approvals-link" data-testid="approvals-link" aria-label={label} title={label}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M9 11l3 3L22 4" />
        <path d="M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11" />
      </svg>
      {count > 0 ? (
        <span className="notifications-badge" aria-hidden="true" data-testid="approvals-badge">
          {more ? `${OPEN_APPROVALS_COUNT_LIMIT}+` : count}
        </span>
      ) : null}
    </NavLink>
  );
}
