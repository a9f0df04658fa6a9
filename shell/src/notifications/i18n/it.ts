import type { NotificationsCatalog } from './en';

export const it: NotificationsCatalog = {
  notifications: {
    title: 'Notifiche',
    button: 'Notifiche: nessuna non letta',
    buttonUnread_one: 'Notifiche: {{count}} non letta',
    buttonUnread_other: 'Notifiche: {{count}} non lette',
    buttonMore: 'Notifiche: più di {{count}} non lette',
    empty: 'Nessuna nuova notifica.',
    failed: 'Impossibile caricare le notifiche.',
    markAllRead: 'Segna tutte come lette',
    markFailed: 'Impossibile segnare come letta. Riprova.',
    viewRun: 'Vedi l’esecuzione',
    seePlans: 'Vedi i piani',
    times: '{{count}} volte',
    refused: {
      webhook: 'Esecuzione via webhook di «{{name}}» rifiutata: {{reason}}',
      schedule: 'Esecuzione pianificata di «{{name}}» rifiutata: {{reason}}',
    },
    reasons: {
      insufficient_tokens: 'hai esaurito i token',
      plan_required_webhook: 'il tuo piano non include gli attivatori webhook',
      plan_required_schedule: 'il tuo piano non include gli attivatori pianificati',
      credential_missing: 'manca una credenziale',
    },
  },
};
