import type { NotificationsCatalog } from './en';

export const fr: NotificationsCatalog = {
  notifications: {
    title: 'Vos notifications',
    button: 'Notifications : aucune non lue',
    buttonUnread_one: 'Notifications : {{count}} non lue',
    buttonUnread_other: 'Notifications : {{count}} non lues',
    buttonMore: 'Notifications : plus de {{count}} non lues',
    empty: 'Aucune nouvelle notification.',
    failed: 'Impossible de charger les notifications.',
    markAllRead: 'Tout marquer comme lu',
    markFailed: 'Impossible de marquer comme lu. Veuillez réessayer.',
    viewRun: 'Voir l’exécution',
    seePlans: 'Voir les formules',
    times: '{{count}} fois',
    approvalsLink: 'Approbations',
    approvalsLinkWaiting_one: 'Approbations : {{count}} vous attend',
    approvalsLinkWaiting_other: 'Approbations : {{count}} vous attendent',
    approvalsLinkMore: 'Approbations : plus de {{count}} vous attendent',
    approval: {
      waiting: '« {{name}} » attend votre approbation.',
      waitingFrom: '{{by}} attend votre approbation dans « {{name}} ».',
      open: 'Ouvrir dans les approbations',
    },
    runFailed: {
      plain: 'Une exécution de « {{name}} » a échoué.',
      withError: 'Une exécution de « {{name}} » a échoué : {{error}}',
    },
    invitation: {
      plain: 'Vous êtes invité dans l’espace de travail « {{workspace}} » en tant que {{role}}.',
      from: '{{by}} vous a invité dans l’espace de travail « {{workspace}} » en tant que {{role}}.',
      open: 'Voir l’invitation',
    },
    roles: {
      workspace_viewer: 'Lecteur de l’espace',
      workspace_runner: 'Exécutant de l’espace',
      workspace_editor: 'Éditeur de l’espace',
      workspace_admin: 'Administrateur de l’espace',
      workspace_owner: 'Propriétaire de l’espace',
    },
    refused: {
      webhook: 'Exécution par webhook de « {{name}} » refusée : {{reason}}',
      schedule: 'Exécution planifiée de « {{name}} » refusée : {{reason}}',
    },
    reasons: {
      insufficient_tokens: 'vous n’avez plus de jetons',
      plan_required_webhook: 'votre formule n’inclut pas les déclencheurs webhook',
      plan_required_schedule: 'votre formule n’inclut pas les déclencheurs planifiés',
      credential_missing: 'un identifiant de connexion manque',
    },
  },
};
