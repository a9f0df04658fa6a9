import type { VersionsCatalog } from './en';

export const fr: VersionsCatalog = {
  workflows: {
    versions: {
      saveVersion: 'Enregistrer une version',
      offlineHint: 'Enregistrer une version nécessite une connexion.',
      dialogTitle: 'Enregistrer une version',
      dialogBody: 'Une version garde le workflow tel qu’il est maintenant dans son historique, pour que vous puissiez y revenir plus tard.',
      label: 'Nom (facultatif)',
      labelHint: 'Jusqu’à {{max}} caractères, par exemple « Avant la nouvelle étape d’approbation ».',
      cancel: 'Annuler',
      saving: 'Enregistrement…',
      saveFailed: 'La version n’a pas été enregistrée. Vérifiez votre connexion et réessayez.',
      saved: 'Version enregistrée.',
      restoreTitle: 'Restaurer la version {{version}} ?',
      restoreBody: 'Les étapes et les connexions reviennent à leur état de la version {{version}}. Ce que vous avez maintenant reste dans l’historique, et vous pouvez annuler la restauration juste après.',
      restoreConfirm: 'Restaurer la version {{version}}',
      restoring: 'Restauration…',
      restored: 'Version {{version}} restaurée.',
      undo: 'Annuler la restauration',
      undoing: 'Annulation…',
      undoFailed: 'La restauration n’a pas pu être annulée. Réessayez.',
      undone: 'La restauration a été annulée.',
      dismiss: 'Fermer',
      current: 'Actuelle',
    },
  },
};
