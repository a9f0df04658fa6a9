import type { TriggersCatalog } from './en';

export const fr: TriggersCatalog = {
  workflows: {
    triggers: {
      active: 'Actif',
      activeOn: 'Activé : son webhook, sa planification et ses déclencheurs d’applications lancent des exécutions.',
      activeOff: 'Désactivé : seules les exécutions que vous lancez vous-même. Son webhook répond « introuvable », sa planification et ses déclencheurs d’applications attendent.',
      switchFailed: 'Impossible de basculer « {{name}} ». Réessayez.',
      switchedOn: '« {{name}} » est activé.',
      switchedOff: '« {{name}} » est désactivé : son webhook, sa planification et ses déclencheurs d’applications ne lancent aucune exécution.',
      voice: {
        starting: 'Démarrage de « {{name}} »…',
        startFailed: '« {{name}} » n’a pas pu démarrer. Lancez-le depuis son formulaire d’exécution.',
      },
      schedule: {
        title: 'Quand il s’exécute',
        loading: 'Lecture de la planification…',
        invalid: 'Saisissez une expression cron et un fuseau horaire valides pour voir quand il s’exécute.',
        next: '{{count}} prochaines exécutions ({{zone}})',
        inactive: 'Le workflow est désactivé : ces horaires ne lancent aucune exécution tant que vous ne l’activez pas.',
      },
    },
  },
};
