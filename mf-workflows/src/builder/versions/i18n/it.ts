import type { VersionsCatalog } from './en';

export const it: VersionsCatalog = {
  workflows: {
    versions: {
      saveVersion: 'Salva versione',
      offlineHint: 'Per salvare una versione serve una connessione.',
      dialogTitle: 'Salva una versione',
      dialogBody: 'Una versione conserva il workflow così com’è ora nella sua cronologia, per potervi tornare in seguito.',
      label: 'Nome (facoltativo)',
      labelHint: 'Fino a {{max}} caratteri, per esempio «Prima del nuovo passaggio di approvazione».',
      cancel: 'Annulla',
      saving: 'Salvataggio…',
      saveFailed: 'La versione non è stata salvata. Controlla la connessione e riprova.',
      saved: 'Versione salvata.',
      restoreTitle: 'Ripristinare la versione {{version}}?',
      restoreBody: 'I passaggi e i collegamenti tornano com’erano nella versione {{version}}. Quello che hai ora resta nella cronologia, e puoi annullare il ripristino subito dopo.',
      restoreConfirm: 'Ripristina la versione {{version}}',
      restoring: 'Ripristino…',
      restored: 'Versione {{version}} ripristinata.',
      undo: 'Annulla ripristino',
      undoing: 'Annullamento…',
      undoFailed: 'Non è stato possibile annullare il ripristino. Riprova.',
      undone: 'Il ripristino è stato annullato.',
      dismiss: 'Chiudi',
      current: 'Attuale',
    },
  },
};
