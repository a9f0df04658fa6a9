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
    approvalsLink: 'Approvazioni',
    approvalsLinkWaiting_one: 'Approvazioni: {{count}} ti aspetta',
    approvalsLinkWaiting_other: 'Approvazioni: {{count}} ti aspettano',
    approvalsLinkMore: 'Approvazioni: più di {{count}} ti aspettano',
    approval: {
      waiting: '«{{name}}» attende la tua approvazione.',
      waitingFrom: '{{by}} attende la tua approvazione in «{{name}}».',
      open: 'Apri nelle approvazioni',
    },
    runFailed: {
      plain: 'Un’esecuzione di «{{name}}» non è riuscita.',
      withError: 'Un’esecuzione di «{{name}}» non è riuscita: {{error}}',
    },
    invitation: {
      plain: 'Sei stato invitato nello spazio di lavoro «{{workspace}}» come {{role}}.',
      from: '{{by}} ti ha invitato nello spazio di lavoro «{{workspace}}» come {{role}}.',
      open: 'Vedi l’invito',
    },
    roles: {
      workspace_viewer: 'Lettore dello spazio',
      workspace_runner: 'Esecutore dello spazio',
      workspace_editor: 'Editor dello spazio',
      workspace_admin: 'Amministratore dello spazio',
      workspace_owner: 'Proprietario dello spazio',
    },
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
