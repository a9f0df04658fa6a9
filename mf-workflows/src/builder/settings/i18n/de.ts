import type { NodeSettingsCatalog } from './en';

export const de: NodeSettingsCatalog = {
  workflows: {
    nodeSettings: {
      title: 'Wiederholungen und Fehler',
      retries: 'Wiederholungen',
      attempts: 'Versuche insgesamt',
      attemptsHint: 'Von 1 (keine Wiederholung) bis 10.',
      backoff: 'Wartezeit vor dem nächsten Versuch (ms)',
      backoffHint: 'Verdoppelt sich nach jedem weiteren Versuch; höchstens 600000 (10 Minuten).',
      retryOn: 'Erneut versuchen bei',
      retryOnTransient: 'Nur vorübergehenden Fehlern (Netzwerk, Zeitüberschreitung, ausgelastete Dienste)',
      retryOnAny: 'Jedem Fehler',
      onError: 'Bei Fehler',
      onErrorStop: 'Lauf anhalten',
      onErrorContinue: 'Mit dem Fehler als Ausgabe fortfahren',
      onErrorBranch: 'Fehlerzweig',
      onErrorHint: {
        stop: 'Der Lauf schlägt bei diesem Schritt fehl.',
        continue: 'Die nächsten Schritte laufen und lesen den Fehler als Ausgabe dieses Schritts.',
        branch: 'Schlägt dieser Schritt fehl, laufen nur die Schritte am roten Ausgang „Fehler“.',
      },
      reset: 'Standardwerte wiederherstellen',
      errorWorkflow: 'Fehler-Workflow',
      errorWorkflowNone: 'Keiner',
      errorWorkflowHint: 'Wird mit den Angaben eines fehlgeschlagenen Laufs dieses Workflows gestartet.',
      errorWorkflowLoading: 'Deine Workflows werden geladen…',
      errorWorkflowFailed: 'Deine Workflows konnten nicht geladen werden.',
    },
  },
};
