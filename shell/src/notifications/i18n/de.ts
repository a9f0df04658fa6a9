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
    approvalsLink: 'Freigaben',
    approvalsLinkWaiting_one: 'Freigaben: {{count}} wartet auf Sie',
    approvalsLinkWaiting_other: 'Freigaben: {{count}} warten auf Sie',
    approvalsLinkMore: 'Freigaben: mehr als {{count}} warten auf Sie',
    approval: {
      waiting: '„{{name}}“ wartet auf Ihre Freigabe.',
      waitingFrom: '{{by}} wartet in „{{name}}“ auf Ihre Freigabe.',
      open: 'In Freigaben öffnen',
    },
    runFailed: {
      plain: 'Eine Ausführung von „{{name}}“ ist fehlgeschlagen.',
      withError: 'Eine Ausführung von „{{name}}“ ist fehlgeschlagen: {{error}}',
    },
    invitation: {
      plain: 'Sie sind in den Arbeitsbereich „{{workspace}}“ als {{role}} eingeladen.',
      from: '{{by}} hat Sie in den Arbeitsbereich „{{workspace}}“ als {{role}} eingeladen.',
      open: 'Einladung ansehen',
    },
    roles: {
      workspace_viewer: 'Arbeitsbereich-Betrachter',
      workspace_runner: 'Arbeitsbereich-Ausführender',
      workspace_editor: 'Arbeitsbereich-Bearbeiter',
      workspace_admin: 'Arbeitsbereich-Admin',
      workspace_owner: 'Arbeitsbereich-Inhaber',
    },
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
