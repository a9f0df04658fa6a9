import type { ErrorTriggerCatalog } from './en';

export const de: ErrorTriggerCatalog = {
  workflows: {
    errorTrigger: {
      about: 'Startet, wenn ein Workflow fehlschlägt, der diesen als seinen Fehler-Workflow nennt. Spätere Schritte lesen die Angaben des fehlgeschlagenen Laufs, zum Beispiel input.workflow.name, input.failedStep.name, input.error.message und input.run.path.',
      reportsFor: 'Meldet Fehlschläge von: {{list}}',
      reportsForNone: 'Noch kein Workflow nennt diesen als seinen Fehler-Workflow: Wählen Sie ihn in den Einstellungen jenes Workflows unter „Fehler-Workflow“.',
      loading: 'Ihre Workflows werden geladen…',
      loadFailed: 'Ihre Workflows konnten nicht geladen werden.',
      pickerWithTrigger: 'Mit Fehler-Auslöser',
      pickerOthers: 'Andere Workflows',
      pickerNoTrigger: 'Dieser Workflow hat keinen Fehler-Auslöser: Seine Schritte erhalten den fehlgeschlagenen Lauf als input.failedRun. Fügen Sie ihm einen Fehler-Auslöser hinzu, um die Angaben beim Namen zu lesen.',
      runTest: 'Dieser Workflow startet, wenn ein anderer Workflow fehlschlägt. Starten Sie ihn mit {}, um ihn mit Beispielangaben eines fehlgeschlagenen Laufs zu testen.',
    },
  },
};
