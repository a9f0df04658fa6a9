// The profile's notification preferences (English source), loaded with the profile page.
export const en = {
  notificationPreferences: {
    title: 'Notifications',
    intro: 'Choose how you hear about each kind of event. Changes are saved at once.',
    loading: 'Loading your choices…',
    loadFailed: 'Your notification choices could not be loaded.',
    retry: 'Try again',
    kindColumn: 'When',
    kinds: {
      approval_waiting: 'An approval waits for me',
      run_failed: 'A run of mine failed',
      run_refused: 'A run was refused (tokens, plan)',
      invitation: 'I am invited to a workspace',
    },
    channels: {
      inApp: 'In the app',
      email: 'E-mail',
      slack: 'Slack',
      teams: 'Teams',
    },
    unavailable: {
      inApp: 'In-app notifications are not available right now.',
      email: 'E-mail needs a verified address and a mail server set up by your administrator.',
      slack: 'Slack needs a Slack connection: add one under Credentials.',
      teams: 'Teams needs a Microsoft Teams connection: add one under Credentials.',
    },
    saved: 'Saved.',
    saveFailed: 'Your change could not be saved. Please try again.',
  },
};

export type NotificationPreferencesCatalog = typeof en;
