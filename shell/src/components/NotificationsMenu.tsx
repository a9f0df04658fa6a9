import { useEffect, useId, useRef, useState } from 'react';
import { Link, useAuth, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { NOTIFICATIONS_CATALOGS } from '../notifications/i18n';
import { APPROVAL_INBOX_PATH, NOTIFICATION_LIST_LIMIT, type AnyNotification, type RunRefusedNotification } from '@agentflow/shared/notifications';
import { ApprovalsLink } from '../notifications/ApprovalsLink';
import { useNotificationsSource } from '../notifications/source';
import { useUnreadNotifications } from '../notifications/useUnreadNotifications';
import { useOpenApprovalsCount } from '../notifications/useOpenApprovalsCount';
import { useMenuDismiss } from './useMenuDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

/** Refusals a better plan fixes: their notification links to the plans too. */
const UPGRADE_CODES: ReadonlySet<RunRefusedNotification['code']> = new Set(['insufficient_tokens', 'plan_required']);

/** Where a run is shown (mf-workflows' run view). */
export const runPath = (notification: { workflowId: string; runId: string }): string =>
  `/workflows/${encodeURIComponent(notification.workflowId)}/runs/${encodeURIComponent(notification.runId)}`;

/** The inbox, on the waiting approval's card. */
export const approvalPath = (notification: { runId: string; nodeId: string }): string =>
  `${APPROVAL_INBOX_PATH}?run=${encodeURIComponent(notification.runId)}&node=${encodeURIComponent(notification.nodeId)}`;

/** The invitation's page (accept or decline). */
export const invitationPath = (notification: { invitationId: string }): string => `/admin/access/invitations/${encodeURIComponent(notification.invitationId)}`;

const WORKSPACE_ROLE_KEYS = new Set(['workspace_viewer', 'workspace_runner', 'workspace_editor', 'workspace_admin', 'workspace_owner']);

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The signed-in user's bell: the number of unread notifications (live), and a
 * panel listing the newest, each a sentence in the reader's language: an
 * approval waiting for them (opens its card in the inbox), a run that failed
 * (opens the run), a run refused (why, how often, the run and, when a plan
 * would fix it, the plans), an invitation (opens it). Beside the bell, the
 * approval inbox's link with the number of approvals still open for them. Following a notification's
 * link, or Mark all read, sets read: true.
 * Escape closes the panel and gives focus back to the button; a press
 * outside closes it.
 */
export function NotificationsMenu() {
  useRemoteCatalogs(NOTIFICATIONS_CATALOGS);
  const { t } = useI18n();
  const { user } = useAuth();
  const source = useNotificationsSource();
  const { notifications, more, failed } = useUnreadNotifications();
  const approvalsWaiting = useOpenApprovalsCount();
  const [open, setOpen] = useOpenUntilNavigation();
  const [markFailed, setMarkFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  const panelId = useId();
  const headingId = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useMenuDismiss(open, setOpen, {
    container,
    button,
    // The first thing to act on, else the panel itself (it says there is nothing new).
    onOpen: () => (panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current)?.focus(),
  });

  if (!user) return null;

  const markRead = (ids: readonly string[]) => {
    setMarkFailed(false);
    source.markRead(ids).catch(() => {
      if (mounted.current) setMarkFailed(true);
    });
  };

  const unread = notifications.length;
  const label = more
    ? t('notifications.buttonMore', { count: NOTIFICATION_LIST_LIMIT })
    : unread > 0
      ? t('notifications.buttonUnread', { count: unread })
      : t('notifications.button');

  return (
    <>
      <ApprovalsLink count={approvalsWaiting} />
      <div className="notifications" ref={container}>
        <button
          ref={button}
          type="button"
          className={unread > 0 ? 'notifications-button notifications-button--unread' : 'notifications-button'}
          data-testid="notifications-button"
          aria-label={label}
          title={label}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => {
            setMarkFailed(false);
            setOpen((value) => !value);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
            <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          </svg>
          {unread > 0 ? (
            <span className="notifications-badge" aria-hidden="true" data-testid="notifications-badge">
              {more ? `${NOTIFICATION_LIST_LIMIT}+` : unread}
            </span>
          ) : null}
        </button>
        {open ? (
          <div ref={panel} id={panelId} className="notifications-panel" role="region" aria-labelledby={headingId} tabIndex={-1}>
            <div className="notifications-panel-head">
              <h2 id={headingId}>{t('notifications.title')}</h2>
              {unread > 0 ? (
                <button type="button" className="link-button" onClick={() => markRead(notifications.map((notification) => notification.id))}>
                  {t('notifications.markAllRead')}
                </button>
              ) : null}
            </div>
            {markFailed ? (
              <p className="form-alert notifications-alert" role="alert">
                {t('notifications.markFailed')}
              </p>
            ) : null}
            {unread > 0 ? (
              <ul className="notifications-list">
                {notifications.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} onOpen={() => markRead([notification.id])} />
                ))}
              </ul>
            ) : (
              <p className="notifications-empty">{failed ? t('notifications.failed') : t('notifications.empty')}</p>
            )}
          </div>
        ) : null}
      </div>
    </>
  );
}

/** The item's sentence and its links, by kind. */
function useNotificationContent(notification: AnyNotification): { text: string; links: Array<{ to: string; label: string }> } {
  const { t } = useI18n();
  switch (notification.kind) {
    case 'run_refused': {
      const reasonKey = notification.code === 'plan_required' ? `plan_required_${notification.trigger}` : notification.code;
      return {
        text: t(`notifications.refused.${notification.trigger}`, { name: notification.workflowName, reason: t(`notifications.reasons.${reasonKey}`) }),
        links: [{ to: runPath(notification), label: t('notifications.viewRun') }, ...(UPGRADE_CODES.has(notification.code) ? [{ to: '/billing/plans', label: t('notifications.seePlans') }] : [])],
      };
    }
    case 'approval_waiting': {
      const values = { name: notification.workflowName, by: notification.requestedByName ?? '' };
      const text = t(notification.requestedByName ? 'notifications.approval.waitingFrom' : 'notifications.approval.waiting', values);
      return { text: notification.message ? `${text} ${notification.message}` : text, links: [{ to: approvalPath(notification), label: t('notifications.approval.open') }] };
    }
    case 'run_failed':
      return {
        text: notification.error ? t('notifications.runFailed.withError', { name: notification.workflowName, error: notification.error }) : t('notifications.runFailed.plain', { name: notification.workflowName }),
        links: [{ to: runPath(notification), label: t('notifications.viewRun') }],
      };
    case 'invitation': {
      const role = WORKSPACE_ROLE_KEYS.has(notification.roleId) ? t(`notifications.roles.${notification.roleId}`) : notification.roleId;
      const values = { workspace: notification.workspaceName, role, by: notification.invitedByName ?? '' };
      return {
        text: t(notification.invitedByName ? 'notifications.invitation.from' : 'notifications.invitation.plain', values),
        links: [{ to: invitationPath(notification), label: t('notifications.invitation.open') }],
      };
    }
  }
}

function NotificationItem({ notification, onOpen }: { notification: AnyNotification; onOpen: () => void }) {
  const { t, language } = useI18n();
  const textId = useId();
  const { text, links } = useNotificationContent(notification);
  const updated = new Date(notification.updatedAt);
  return (
    <li className={`notifications-item notifications-item--${notification.kind}`} data-testid="notification" data-kind={notification.kind}>
      <p id={textId} className="notifications-text">
        {text}
      </p>
      <p className="notifications-meta">
        {notification.kind === 'run_refused' && notification.count > 1 ? <span>{t('notifications.times', { count: notification.count })}</span> : null}
        {Number.isNaN(updated.getTime()) ? null : (
          <time dateTime={notification.updatedAt}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(updated)}</time>
        )}
      </p>
      <p className="notifications-actions">
        {links.map((link) => (
          <Link key={link.to} to={link.to} aria-describedby={textId} onClick={onOpen}>
            {link.label}
          </Link>
        ))}
      </p>
    </li>
  );
}
