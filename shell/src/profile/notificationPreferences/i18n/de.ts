import type { NotificationPreferencesCatalog } from './en';

export const de: NotificationPreferencesCatalog = {
  notificationPreferences: {
    title: 'Benachrichtigungen',
    intro: 'Wählen Sie, wie Sie von jeder Art von Ereignis erfahren. Änderungen werden sofort gespeichert.',
    loading: 'Ihre Auswahl wird geladen…',
    loadFailed: 'Ihre Benachrichtigungseinstellungen konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    kindColumn: 'Wenn',
    kinds: {
      approval_waiting: 'Eine Freigabe auf mich wartet',
      run_failed: 'Eine meiner Ausführungen fehlschlug',
      run_refused: 'Eine Ausführung abgelehnt wurde (Tokens, Tarif)',
      invitation: 'Ich in einen Arbeitsbereich eingeladen werde',
    },
    channels: {
      inApp: 'In der App',
      email: 'E-Mail',
      slack: 'Slack',
      teams: 'Teams',
    },
    unavailable: {
      inApp: 'Benachrichtigungen in der App sind gerade nicht verfügbar.',
      email: 'E-Mail braucht eine bestätigte Adresse und einen Mailserver, den Ihr Administrator einrichtet.',
      slack: 'Slack braucht eine Slack-Verbindung: Fügen Sie eine unter Zugangsdaten hinzu.',
      teams: 'Teams braucht eine Microsoft-Teams-Verbindung: Fügen Sie eine unter Zugangsdaten hinzu.',
    },
    saved: 'Gespeichert.',
    saveFailed: 'Ihre Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  },
};
