import type { VersionsCatalog } from './en';

export const de: VersionsCatalog = {
  workflows: {
    versions: {
      saveVersion: 'Version speichern',
      offlineHint: 'Zum Speichern einer Version ist eine Verbindung nötig.',
      dialogTitle: 'Version speichern',
      dialogBody: 'Eine Version hält den Workflow im aktuellen Zustand in seinem Verlauf fest, damit Sie später dorthin zurückkehren können.',
      label: 'Bezeichnung (optional)',
      labelHint: 'Bis zu {{max}} Zeichen, zum Beispiel „Vor dem neuen Genehmigungsschritt“.',
      cancel: 'Abbrechen',
      saving: 'Wird gespeichert…',
      saveFailed: 'Die Version wurde nicht gespeichert. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
      saved: 'Version gespeichert.',
      restoreTitle: 'Version {{version}} wiederherstellen?',
      restoreBody: 'Die Schritte und Verbindungen werden auf den Stand von Version {{version}} zurückgesetzt. Ihr aktueller Stand bleibt im Verlauf, und Sie können die Wiederherstellung direkt danach rückgängig machen.',
      restoreConfirm: 'Version {{version}} wiederherstellen',
      restoring: 'Wird wiederhergestellt…',
      restored: 'Version {{version}} wiederhergestellt.',
      undo: 'Rückgängig',
      undoing: 'Wird rückgängig gemacht…',
      undoFailed: 'Die Wiederherstellung konnte nicht rückgängig gemacht werden. Versuchen Sie es erneut.',
      undone: 'Die Wiederherstellung wurde rückgängig gemacht.',
      dismiss: 'Schließen',
      current: 'Aktuell',
    },
  },
};
