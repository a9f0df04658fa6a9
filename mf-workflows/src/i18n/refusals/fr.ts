import type { RefusalsCatalog } from './en';

export const fr: RefusalsCatalog = {
  workflows: {
    refusals: {
      plans: {
        free: 'Gratuit',
        basic: 'Essentiel',
        premium: 'Avancé',
        enterprise: 'Entreprise',
      },
      balance_one: '{{count}} jeton restant',
      balance_other: '{{count}} jetons restants',
      seePlans: 'Voir les formules',
      upgradeTo: 'Passer à la formule {{plan}}',
      insufficientTokens: {
        start: 'Il ne reste pas assez de jetons pour lancer cette exécution : rien n’a été lancé ni facturé. Vos jetons se renouvellent au début de la prochaine période, et une formule supérieure vous en donne davantage.',
        webhook: 'Il ne restait pas assez de jetons quand le webhook a appelé : l’exécution n’a pas été lancée.',
        schedule: 'Il ne restait pas assez de jetons à l’heure prévue par la planification : l’exécution n’a pas été lancée.',
        other: 'Il ne restait pas assez de jetons pour lancer cette exécution : elle n’a pas été lancée.',
      },
      planRequired: {
        webhookTriggers: 'Votre formule n’inclut pas les déclencheurs webhook.',
        scheduleTriggers: 'Votre formule n’inclut pas les déclencheurs planifiés.',
        other: 'Votre formule n’inclut pas cette fonctionnalité.',
        availableFrom: 'Elle est disponible à partir de la formule {{plan}}.',
      },
      planLimit: {
        credentials: 'Votre formule a atteint sa limite d’identifiants enregistrés : cet identifiant n’a pas été enregistré.',
        allowsMore: 'La formule {{plan}} en permet davantage.',
      },
    },
  },
};
