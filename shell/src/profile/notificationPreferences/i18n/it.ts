import type { NotificationPreferencesCatalog } from './en';

export const it: NotificationPreferencesCatalog = {
  notificationPreferences: {
    title: 'Notifiche',
    intro: 'Scegli come essere avvisato di ogni tipo di evento. Le modifiche vengono salvate subito.',
    loading: 'Caricamento delle tue scelte…',
    loadFailed: 'Non è stato possibile caricare le tue scelte sulle notifiche.',
    retry: 'Riprova',
    kindColumn: 'Quando',
    kinds: {
      approval_waiting: 'Un’approvazione mi aspetta',
      run_failed: 'Una mia esecuzione non è riuscita',
      run_refused: 'Un’esecuzione è stata rifiutata (token, piano)',
      invitation: 'Vengo invitato in uno spazio di lavoro',
    },
    channels: {
      inApp: 'Nell’app',
      email: 'Posta elettronica',
      slack: 'Slack',
      teams: 'Teams',
    },
    unavailable: {
      inApp: 'Le notifiche nell’app non sono disponibili al momento.',
      email: 'La posta elettronica richiede un indirizzo verificato e un server di posta configurato dall’amministratore.',
      slack: 'Slack richiede una connessione Slack: aggiungine una in Credenziali.',
      teams: 'Teams richiede una connessione Microsoft Teams: aggiungine una in Credenziali.',
    },
    saved: 'Salvato.',
    saveFailed: 'Non è stato possibile salvare la modifica. Riprova.',
  },
};
