import type { FlowStepsCatalog } from './en';

export const fr: FlowStepsCatalog = {
  workflows: {
    flow: {
      wait: {
        mode: 'Attendre',
        modes: { duration: 'Un certain temps', until: 'Jusqu’à une date et une heure' },
        amount: 'Combien de temps',
        unit: 'Unité',
        units: { seconds: 'secondes', minutes: 'minutes', hours: 'heures', days: 'jours' },
        at: 'Date et heure',
        atHint: 'Une date et heure comme 2026-12-01T09:00, ou insérez un champ qui en contient une.',
        timeZone: 'Fuseau horaire',
        timeZoneHint: 'Utilisé quand la date et heure n’indique pas de décalage ; UTC si vide.',
        note: 'Une attente de plus de quelques secondes met l’exécution en pause : elle reprend à l’heure prévue, même après un redémarrage. 365 jours au plus.',
      },
      sub: {
        workflow: 'Workflow à exécuter',
        choose: 'Choisissez un workflow',
        loading: 'Chargement de vos workflows…',
        loadFailed: 'Impossible de charger vos workflows.',
        none: 'Aucun autre workflow avec un déclencheur manuel que vous pouvez exécuter.',
        notListed: 'Le workflow choisi n’est plus dans votre liste : choisissez-en un autre.',
        note: 'Exécute le workflow choisi comme une exécution à part, attend sa fin et transmet sa sortie. Les champs de son déclencheur manuel sont son entrée.',
        inputs: 'Entrée de {{name}}',
        noInputs: '{{name}} ne demande aucune entrée.',
        required: 'obligatoire',
      },
      links: {
        childRun: 'Ouvrir l’exécution du sous-workflow',
        parentRun: 'Lancée par une étape de sous-workflow d’une autre exécution : ouvrir cette exécution',
      },
    },
  },
};
