import type { WorkspaceSwitcherCatalog } from './en';

export const fr: WorkspaceSwitcherCatalog = {
  workspaceSwitcher: {
    button: 'Espace de travail : {{name}}',
    menu: 'Espaces de travail',
    personal: 'Personnel',
    loading: 'Chargement des espaces de travail…',
    failed: 'Impossible de charger les espaces de travail.',
    retry: 'Réessayer',
    members: 'Membres et invitations',
    create: 'Nouvel espace de travail…',
    roles: {
      workspace_viewer: 'Peut voir',
      workspace_runner: 'Peut exécuter',
      workspace_editor: 'Peut modifier',
      workspace_admin: 'Administrateur',
      workspace_owner: 'Propriétaire',
    },
    createDialog: {
      title: 'Nouvel espace de travail',
      description: 'Un espace de travail est partagé par ses membres : ses workflows, identifiants et exécutions. Vous le payez avec votre forfait, puis vous invitez les membres.',
      nameLabel: 'Nom',
      nameRequired: 'Saisissez un nom pour l’espace de travail.',
      nameTooLong: 'Utilisez au plus {{max}} caractères.',
      descriptionLabel: 'Description (facultative)',
      submit: 'Créer l’espace de travail',
      creating: 'Création…',
      cancel: 'Annuler',
      failed: 'Impossible de créer l’espace de travail. Veuillez réessayer.',
      forbidden: 'Votre compte ne peut pas créer d’espaces de travail.',
    },
  },
};
