import type { ErrorTriggerCatalog } from './en';

export const fr: ErrorTriggerCatalog = {
  workflows: {
    errorTrigger: {
      about: 'Démarre quand échoue un workflow qui désigne celui-ci comme son workflow d’erreur. Les étapes suivantes lisent les détails de l’exécution échouée, par exemple input.workflow.name, input.failedStep.name, input.error.message et input.run.path.',
      reportsFor: 'Signale les échecs de : {{list}}',
      reportsForNone: 'Aucun workflow ne désigne encore celui-ci comme son workflow d’erreur : choisissez-le sous « Workflow d’erreur » dans les paramètres de ce workflow.',
      loading: 'Chargement de vos workflows…',
      loadFailed: 'Vos workflows n’ont pas pu être chargés.',
      pickerWithTrigger: 'Avec un déclencheur d’erreur',
      pickerOthers: 'Autres workflows',
      pickerNoTrigger: 'Ce workflow n’a pas de déclencheur d’erreur : ses étapes reçoivent l’exécution échouée dans input.failedRun. Ajoutez-lui un déclencheur d’erreur pour lire les détails par leur nom.',
      runTest: 'Ce workflow démarre quand un autre workflow échoue. Lancez-le avec {} pour le tester avec des détails d’exemple d’une exécution échouée.',
    },
  },
};
