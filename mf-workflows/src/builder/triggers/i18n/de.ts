import type { TriggersCatalog } from './en';

export const de: TriggersCatalog = {
  workflows: {
    triggers: {
      active: 'Aktiv',
      activeOn: 'Ein: Webhook, Zeitplan und App-Auslöser starten Läufe.',
      activeOff: 'Aus: nur Läufe, die Sie selbst starten. Der Webhook antwortet „nicht gefunden“, Zeitplan und App-Auslöser warten.',
      switchFailed: '„{{name}}“ konnte nicht umgeschaltet werden. Versuchen Sie es erneut.',
      switchedOn: '„{{name}}“ ist eingeschaltet.',
      switchedOff: '„{{name}}“ ist ausgeschaltet: Webhook, Zeitplan und App-Auslöser starten keine Läufe.',
      voice: {
        starting: '„{{name}}“ wird gestartet…',
        startFailed: '„{{name}}“ konnte nicht starten. Starten Sie ihn über sein Laufformular.',
      },
      schedule: {
        title: 'Wann er läuft',
        loading: 'Zeitplan wird gelesen…',
        invalid: 'Geben Sie einen gültigen Cron-Ausdruck und eine gültige Zeitzone ein, um zu sehen, wann er läuft.',
        next: 'Nächste {{count}} Läufe ({{zone}})',
        inactive: 'Der Workflow ist ausgeschaltet: Zu diesen Zeiten startet kein Lauf, bis Sie ihn einschalten.',
      },
    },
  },
};
