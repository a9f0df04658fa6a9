import type { WebhookTriggerCatalog } from './en';

export const fr: WebhookTriggerCatalog = {
  workflows: {
    webhookTrigger: {
      answer: {
        title: 'Réponse à l’appelant',
        respond: 'Répondre',
        immediately: 'Tout de suite, avec l’identifiant de l’exécution',
        whenDone: 'Quand l’exécution est terminée, avec son résultat',
        respondWith: 'Répondre avec le résultat de',
        runOutput: 'Le résultat de l’exécution (toutes les étapes de sortie)',
        timeout: 'Attendre au plus (secondes)',
        timeoutHint: 'Ensuite, l’appelant reçoit l’identifiant de l’exécution et une adresse pour redemander.',
        timeoutRange: 'Saisissez un nombre entier de secondes entre {{min}} et {{max}}.',
      },
      listen: {
        title: 'Événement de test',
        intro: 'Envoyez une vraie requête à l’adresse ci-dessus : elle devient les données d’exemple de ce déclencheur, et aucune exécution ne démarre.',
        start: 'Écouter un événement de test',
        waiting: 'En attente d’une requête… (jusqu’à {{time}})',
        stop: 'Arrêter l’écoute',
        expired: 'Aucune requête n’est arrivée en 2 minutes.',
        again: 'Écouter à nouveau',
        captured: 'Événement de test reçu à {{time}} : épinglé comme données d’exemple de ce déclencheur, pour que les étapes suivantes puissent choisir ses champs.',
        last: 'Dernier événement de test reçu à {{time}}.',
        pin: 'Utiliser comme données d’exemple',
        body: 'Données',
        query: 'Paramètres de requête',
        headers: 'En-têtes',
        failed: 'L’écoute n’a pas pu démarrer. Réessayez.',
        offline: 'L’écoute nécessite une connexion.',
      },
    },
  },
};
