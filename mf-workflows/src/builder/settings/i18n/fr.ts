import type { NodeSettingsCatalog } from './en';

export const fr: NodeSettingsCatalog = {
  workflows: {
    nodeSettings: {
      title: 'Nouvelles tentatives et erreurs',
      retries: 'Nouvelles tentatives',
      attempts: 'Tentatives au total',
      attemptsHint: 'De 1 (aucune nouvelle tentative) à 10.',
      backoff: 'Attente avant de réessayer (ms)',
      backoffHint: 'Doublée après chaque nouvelle tentative ; au plus 600000 (10 minutes).',
      retryOn: 'Réessayer en cas de',
      retryOnTransient: 'Erreurs passagères seulement (réseau, délai dépassé, services surchargés)',
      retryOnAny: 'Toute erreur',
      onError: 'En cas d’erreur',
      onErrorStop: 'Arrêter l’exécution',
      onErrorContinue: 'Continuer avec l’erreur comme sortie',
      onErrorBranch: 'Branche d’erreur',
      onErrorHint: {
        stop: 'L’exécution échoue à cette étape.',
        continue: 'Les étapes suivantes s’exécutent et lisent l’erreur comme sortie de cette étape.',
        branch: 'Si cette étape échoue, seules les étapes reliées à la sortie rouge « Erreur » s’exécutent.',
      },
      reset: 'Revenir aux valeurs par défaut',
      errorWorkflow: 'Flux d’erreur',
      errorWorkflowNone: 'Aucun',
      errorWorkflowHint: 'Lancé avec les détails d’une exécution échouée de ce flux.',
      errorWorkflowLoading: 'Chargement de vos flux…',
      errorWorkflowFailed: 'Vos flux n’ont pas pu être chargés.',
    },
  },
};
