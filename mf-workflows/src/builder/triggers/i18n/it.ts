import type { TriggersCatalog } from './en';

export const it: TriggersCatalog = {
  workflows: {
    triggers: {
      active: 'Attivo',
      activeOn: 'Acceso: il suo webhook, la sua pianificazione e i suoi trigger delle app avviano esecuzioni.',
      activeOff: 'Spento: solo le esecuzioni che avvii tu. Il suo webhook risponde «non trovato», la pianificazione e i trigger delle app restano in attesa.',
      switchFailed: 'Impossibile cambiare lo stato di «{{name}}». Riprova.',
      switchedOn: '«{{name}}» è acceso.',
      switchedOff: '«{{name}}» è spento: il suo webhook, la sua pianificazione e i suoi trigger delle app non avviano esecuzioni.',
      voice: {
        starting: 'Avvio di «{{name}}»…',
        startFailed: 'Impossibile avviare «{{name}}». Avvialo dal suo modulo di esecuzione.',
      },
      schedule: {
        title: 'Quando viene eseguito',
        loading: 'Lettura della pianificazione…',
        invalid: 'Inserisci un’espressione cron e un fuso orario validi per vedere quando viene eseguito.',
        next: 'Prossime {{count}} esecuzioni ({{zone}})',
        inactive: 'Il workflow è spento: questi orari non avviano esecuzioni finché non lo accendi.',
      },
    },
  },
};
