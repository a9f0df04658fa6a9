import type { TeamMovedCatalog } from './en';

export const fr: TeamMovedCatalog = {
  billing: {
    teamMoved: {
      heading: 'Votre équipe est désormais un espace de travail',
      body: 'Les membres, leurs rôles et les invitations se trouvent dans l’espace de travail où ils travaillent. Passez-y depuis le menu des espaces de l’en-tête, ou créez-en un avec « Nouvel espace de travail… », puis invitez les personnes depuis sa page des membres.',
      seats: 'Les places dépendent du forfait du propriétaire de l’espace : {{free}} avec Gratuit, {{basic}} avec Essentiel, {{premium}} avec Avancé, sans limite avec Entreprise. Les membres exécutent les workflows sur le forfait du propriétaire.',
      members: 'Ouvrir les membres de l’espace',
      plans: 'Comparer les forfaits',
    },
  },
};
