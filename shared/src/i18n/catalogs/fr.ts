import type { Catalog } from './en.js';

export const fr: Catalog = {
  common: {
    appName: 'Agentflow',
    welcome: 'Bienvenue sur Agentflow',
    loading: 'Chargement…',
    error: 'Un problème est survenu. Veuillez réessayer.',
    language: 'Langue',
    guest: 'Invité',
    signedInAs: 'Connecté en tant que {{name}}',
    signOut: 'Se déconnecter',
  },
  nav: {
    home: 'Accueil',
    workflows: 'Flux de travail',
    billing: 'Facturation',
    access: 'Contrôle d’accès',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    main: 'Navigation principale',
  },
  errors: {
    title: 'Une erreur s’est produite',
    body: 'Une erreur inattendue est survenue. Veuillez actualiser la page.',
    tryAgain: 'Réessayer',
  },
  notFound: {
    title: 'Page introuvable',
    body: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    backHome: 'Retour à l’accueil',
  },
  home: {
    title: 'Automatisez votre entreprise avec des agents IA',
    subtitle: 'Créez des agents et des flux multi-agents pour la vente, la logistique, les services terrain et l’immobilier.',
    hostNote: 'Exécuté dans : {{host}}',
  },
  workflows: {
    title: 'Flux de travail',
    subtitle: 'Trouvez, copiez, créez et exécutez des flux multi-agents.',
  },
  billing: {
    title: 'Facturation',
    subtitle: 'Forfaits, moyens de paiement, factures et consommation de jetons.',
  },
  rbac: {
    title: 'Contrôle d’accès',
    subtitle: 'Rôles, autorisations, organisations et journal d’audit.',
  },
  pwa: {
    title: 'Installer Agentflow',
    intro: 'Installez Agentflow sur votre appareil pour l’ouvrir comme une application.',
    iosTitle: 'Sur iPhone et iPad',
    iosStep1: 'Ouvrez cette page dans Safari.',
    iosStep2: 'Touchez le bouton Partager.',
    iosStep3: 'Choisissez « Sur l’écran d’accueil », puis touchez Ajouter.',
    androidTitle: 'Sur Android et ordinateur',
    androidStep1: 'Ouvrez cette page dans Chrome ou Edge.',
    androidStep2: 'Ouvrez le menu du navigateur.',
    androidStep3: 'Choisissez « Installer l’application », puis confirmez.',
  },
};
