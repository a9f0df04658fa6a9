import { useEffect, useId, useRef, useState } from 'react';
import { Link, useAuth, useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { NOTIFICATIONS_CATALOGS } from '../notifications/i18n';
import { NOTIFICATION_LIST_LIMIT, type AppNotification } from '@agentflow/shared/notifications';
import { useNotificationsSource } from '../notifications/source';
import { useUnreadNotifications } from '../notifications/useUnreadNotifications';
import { useMenuDismiss } from './useMenuDismiss';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

/** Refusals a better plan fixes: their notification links to the plans too. */
const UPGRADE_CODES: ReadonlySet<AppNotification['code']> = new Set(['insufficient_tokens', 'plan_required']);

/** Where a refused run is shown (mf-workflows' run view). */
export const runPath = (notification: AppNotification): string =>
  `/workflows/${encodeURIComponent(notification.workflowId)}/runs/${encodeURIComponent(notification.runId)}`;

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The signed-in user's bell: the number of unread notifications (live), and a
 * panel listing the newest, each a sentence saying what was refused and why,
 * how often, when, a link to the run and, when a plan would fix it, to the
 * plans. Following a notification's link, or Mark all read, sets read: true.
 * Escape closes the panel and gives focus back to the button; a press
 * outside closes it.
 */
export function NotificationsMenu() {
  useRemoteCatalogs(NOTIFICATIONS_CATALOGS);
  const { t } = useI18n();
  const { user } = useAuth();
  const source = useNotificationsSource();
  const { notifications, more, failed } = useUnreadNotifications();
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
  );
}

function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const { t, language } = useI18n();
  const textId = useId();
  const reasonKey = notification.code === 'plan_required' ? `plan_required_${notification.trigger}` : notification.code;
  const updated = new Date(notification.updatedAt);
  return (
    <li className="notifications-item" data-testid="notification">
      <p id={textId} className="notifications-text">
        {t(`notifications.refused.${notification.trigger}`, { name: notification.workflowName, reason: t(`notifications.reasons.${reasonKey}`) })}
      </p>
      <p className="notifications-meta">
        {notification.count > 1 ? <span>{t('notifications.times', { count: notification.count })}</span> : null}
        {Number.isNaN(updated.getTime()) ? null : (
          <time dateTime={notification.updatedAt}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(updated)}</time>
        )}
      </p>
      <p className="notifications-actions">
        <Link to={runPath(notification)} aria-describedby={textId} onClick={onOpen}>
          {t('notifications.viewRun')}
        </Link>
        {UPGRADE_CODES.has(notification.code) ? (
          <Link to="/billing/plans" aria-describedby={textId} onClick={onOpen}>
            {t('notifications.seePlans')}
          </Link>
        ) : null}
      </p>
    </li>
  );
}
