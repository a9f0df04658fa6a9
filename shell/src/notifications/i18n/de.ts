import type { NotificationsCatalog } from './en';

export const de: NotificationsCatalog = {
  notifications: {
    title: 'Benachrichtigungen',
    button: 'Benachrichtigungen: keine ungelesen',
    buttonUnread_one: 'Benachrichtigungen: {{count}} ungelesen',
    buttonUnread_other: 'Benachrichtigungen: {{count}} ungelesen',
    buttonMore: 'Benachrichtigungen: mehr als {{count}} ungelesen',
    empty: 'Keine neuen Benachrichtigungen.',
    failed: 'Die Benachrichtigungen konnten nicht geladen werden.',
    markAllRead: 'Alle als gelesen markieren',
    markFailed: 'Konnte nicht als gelesen markiert werden. Bitte versuchen Sie es erneut.',
    viewRun: 'Ausführung ansehen',
    seePlans: 'Tarife ansehen',
    times: '{{count}}-mal',
    refused: {
      webhook: 'Webhook-Ausführung von „{{name}}“ abgelehnt: {{reason}}',
      schedule: 'Geplante Ausführung von „{{name}}“ abgelehnt: {{reason}}',
    },
    reasons: {
      insufficient_tokens: 'Ihre Tokens sind aufgebraucht',
      plan_required_webhook: 'Ihr Tarif enthält keine Webhook-Auslöser',
      plan_required_schedule: 'Ihr Tarif enthält keine Zeitplan-Auslöser',
      credential_missing: 'es fehlen Zugangsdaten',
    },
  },
};
