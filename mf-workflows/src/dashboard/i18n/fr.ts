import type { DashboardCatalog } from './en';

export const fr: DashboardCatalog = {
  workflows: {
    dashboard: {
      title: 'Tableau de bord',
      intro: 'Comment les workflows de cet espace de travail se sont exécutés. Chaque chiffre ouvre les exécutions qu’il compte.',
      period: 'Période',
      periodDays: '{{count}} derniers jours',
      allExecutions: 'Toutes les exécutions',
      loading: 'Chargement du tableau de bord…',
      loadFailed: 'Impossible de charger le tableau de bord.',
      forbidden: 'Vous ne pouvez pas voir les exécutions de cet espace de travail.',
      retry: 'Réessayer',
      figures: {
        runs: 'Exécutions',
        successRate: 'Taux de réussite',
        failed: 'Exécutions échouées',
        medianDuration: 'Durée médiane',
        medianSample: 'des {{count}} dernières exécutions terminées',
        tokens: 'Jetons consommés',
        approvals: 'Validations en attente',
        none: 'aucune donnée',
      },
      perDay: {
        title: 'Exécutions par jour',
        table: 'Exécutions par jour sous forme de tableau',
        empty: 'Aucune exécution sur cette période.',
        day: 'Jour',
        hint: 'Sélectionnez une barre pour ouvrir les exécutions de ce jour.',
      },
      groups: {
        succeeded: 'Réussies',
        failed: 'Échouées',
        refused: 'Refusées',
        other: 'Annulées ou en cours',
      },
      tokensByWorkflow: {
        title: 'Jetons par workflow',
        empty: 'Aucun jeton consommé sur cette période.',
        runs: 'Exécutions : {{count}}',
      },
      tokensByModel: {
        title: 'Jetons par modèle',
        empty: 'Aucune étape d’agent n’a utilisé de modèle dans les dernières exécutions.',
        defaultModel: 'Modèle par défaut',
        sample: 'D’après les étapes d’agent des {{count}} dernières exécutions.',
      },
      failing: {
        title: 'Workflows en échec',
        empty: 'Aucun workflow n’a échoué sur cette période.',
        failures: 'Exécutions échouées : {{count}}',
        lastError: 'Dernière erreur : {{error}}',
        noError: 'Dernier échec sans message',
        openLast: 'Ouvrir la dernière exécution échouée',
      },
      plan: {
        title: 'Utilisation de l’offre',
        usage: '{{used}} jetons consommés sur {{allowance}}',
        plan: 'Offre : {{plan}}',
        resets: 'Renouvellement le {{date}}',
        payer: 'L’offre du propriétaire de l’espace paie les exécutions ici.',
        details: 'Détail de la consommation',
        plans: {
          free: 'Gratuit',
          basic: 'Essentiel',
          premium: 'Avancé',
          enterprise: 'Entreprise',
          admin: 'Opérateur',
        },
      },
    },
  },
};
