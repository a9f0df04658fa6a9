// The bell's texts, loaded with it (it is no part of a visitor's first view), like a remote's own catalogs.
export const en = {
  notifications: {
    title: 'Notifications',
    button: 'Notifications: none unread',
    buttonUnread_one: 'Notifications: {{count}} unread',
    buttonUnread_other: 'Notifications: {{count}} unread',
    buttonMore: 'Notifications: more than {{count}} unread',
    empty: 'No new notifications.',
    failed: 'Notifications could not be loaded.',
    markAllRead: 'Mark all read',
    markFailed: 'Could not mark as read. Please try again.',
    viewRun: 'View run',
    seePlans: 'See plans',
    times: '{{count}} times',
    refused: {
      webhook: 'Webhook run of “{{name}}” refused: {{reason}}',
      schedule: 'Scheduled run of “{{name}}” refused: {{reason}}',
    },
    reasons: {
      insufficient_tokens: 'you are out of tokens',
      plan_required_webhook: 'your plan does not include webhook triggers',
      plan_required_schedule: 'your plan does not include scheduled triggers',
      credential_missing: 'a credential is missing',
    },
  },
};

export type NotificationsCatalog = typeof en;
