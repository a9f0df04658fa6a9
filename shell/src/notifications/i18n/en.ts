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
    approvalsLink: 'Approvals',
    approvalsLinkWaiting_one: 'Approvals: {{count}} waiting for you',
    approvalsLinkWaiting_other: 'Approvals: {{count}} waiting for you',
    approvalsLinkMore: 'Approvals: more than {{count}} waiting for you',
    approval: {
      waiting: '“{{name}}” is waiting for your approval.',
      waitingFrom: '{{by}} is waiting for your approval in “{{name}}”.',
      open: 'Open in approvals',
    },
    runFailed: {
      plain: 'A run of “{{name}}” failed.',
      withError: 'A run of “{{name}}” failed: {{error}}',
    },
    invitation: {
      plain: 'You are invited to the workspace “{{workspace}}” as {{role}}.',
      from: '{{by}} invited you to the workspace “{{workspace}}” as {{role}}.',
      open: 'See the invitation',
    },
    roles: {
      workspace_viewer: 'Workspace viewer',
      workspace_runner: 'Workspace runner',
      workspace_editor: 'Workspace editor',
      workspace_admin: 'Workspace admin',
      workspace_owner: 'Workspace owner',
    },
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
