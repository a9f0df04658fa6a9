import type { NotificationPreferencesCatalog } from './en';

export const fr: NotificationPreferencesCatalog = {
  notificationPreferences: {
    title: 'Notifications',
    intro: 'Choisissez comment vous êtes prévenu de chaque type d’événement. Les changements sont enregistrés aussitôt.',
    loading: 'Chargement de vos choix…',
    loadFailed: 'Vos choix de notification n’ont pas pu être chargés.',
    retry: 'Réessayer',
    kindColumn: 'Quand',
    kinds: {
      approval_waiting: 'Une approbation m’attend',
      run_failed: 'Une de mes exécutions a échoué',
      run_refused: 'Une exécution a été refusée (jetons, offre)',
      invitation: 'Je suis invité dans un espace de travail',
    },
    channels: {
      inApp: 'Dans l’application',
      email: 'Courriel',
      slack: 'Slack',
      teams: 'Teams',
    },
    unavailable: {
      inApp: 'Les notifications dans l’application ne sont pas disponibles pour le moment.',
      email: 'Le courriel demande une adresse vérifiée et un serveur de messagerie configuré par votre administrateur.',
      slack: 'Slack demande une connexion Slack : ajoutez-en une dans Identifiants.',
      teams: 'Teams demande une connexion Microsoft Teams : ajoutez-en une dans Identifiants.',
    },
    saved: 'Enregistré.',
    saveFailed: 'Votre changement n’a pas pu être enregistré. Veuillez réessayer.',
  },
};
