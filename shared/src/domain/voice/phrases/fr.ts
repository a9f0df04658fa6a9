import type { VoicePhrases } from './types.js';

const OPEN =
  "(ouvre|ouvrir|ouvrez|ouvre-moi|affiche|afficher|affichez|affiche-moi|montre|montrer|montrez|montre-moi|montrez-moi|voir|va|vas|aller|allez|allons|emmène-moi|amène-moi|retourne|retourner|retour|reviens|revenir|passe|navigue|consulte|consulter)";
const TO = '[à|au|aux|vers|sur|dans]';
const THE =
  "[le|la|les|l'|mes|mon|ma|nos|notre|tous les|la page|la page de|la page des|la page du|la page d'|la section|la section de|la section des|l'écran|l'écran de|l'écran des|la liste des]";

/** "ouvre les workflows", "va à la facturation", "permissions" … */
const place = (nouns: string) => [`${OPEN} ${TO} ${THE} ${nouns}`, `${THE} ${nouns}`];

const FLOWS = '(flux de travail|workflows|workflow|flux)';
const SEARCH =
  '(cherche|chercher|cherchez|recherche|rechercher|recherchez|trouve|trouver|trouvez|trouve-moi|montre-moi|montrez-moi|affiche|affiche-moi)';
const RUN =
  '(lance|lancer|lancez|exécute|exécuter|exécutez|démarre|démarrer|démarrez|déclenche|déclencher|déclenchez|active|activer)';
const MANAGE = '(gère|gérer|gérez|modifie|modifier|modifiez|change|changer)';

export const fr: VoicePhrases = {
  polite: ["s'il te plaît", "s'il vous plaît", 'stp', 'svp', 'merci'],
  fillers: [
    'peux-tu', 'pouvez-vous', 'tu peux', 'vous pouvez', 'est-ce que tu peux', 'est-ce que vous pouvez',
    'je veux', 'je voudrais', "j'aimerais", 'maintenant',
  ],
  stopWords: [
    'le', 'la', 'les', 'l', 'un', 'une', 'des', 'du', 'de', 'd', 'mes', 'mon', 'ma', 'tous', 'toutes', 'flux', 'travail',
    'workflow', 'workflows', 'sur', 'pour', 'avec', 'a', 'au', 'aux', 'en', 'nommé', 'nommés', 'appelé', 'appelés',
    'concernant', 'propos',
  ],
  languageNames: {
    en: ['anglais'],
    es: ['espagnol'],
    fr: ['français'],
    de: ['allemand'],
    it: ['italien'],
  },

  navigate: {
    home: [...place("(accueil|page d'accueil|page principale|tableau de bord|home)")],
    workflows: [...place('(flux de travail|workflows|workflow|liste des workflows|automatisations)')],
    billing: [
      ...place('(facturation|paiements|paiement|abonnement|abonnements|forfait|forfaits|factures|offre)'),
      `${MANAGE} [mon|ma|mes|l'|le|la|les] (abonnement|forfait|facturation|paiements|moyen de paiement)`,
    ],
    access: [
      ...place(
        "(contrôle d'accès|contrôle des accès|gestion des accès|gestion des rôles|accès|permissions|autorisations|droits d'accès|droits|rôles|utilisateurs|membres)",
      ),
      `${MANAGE} [les|mes|l'] (rôles|permissions|autorisations|accès|droits|droits d'accès|utilisateurs|membres)`,
    ],
  },

  searchWorkflows: [
    `${SEARCH} [les|des|mes|tous les] ${FLOWS} (sur|pour|de|du|des|d'|avec|concernant|contenant|à propos de|au sujet de|nommés|appelés|liés à|qui parlent de|qui concernent) [le|la|les|l'] {query}`,
    '(cherche|chercher|cherchez|recherche|rechercher|recherchez|trouve|trouver|trouvez|trouve-moi) [le|la|les|l\'|des|du] {query}',
  ],
  runWorkflow: [
    `${RUN} [le|mon|la] ${FLOWS} [de|d'|du|nommé|appelé|intitulé] {name}`,
    "(exécute|exécuter|exécutez) [le|la|l'|mon|ma] {name}",
  ],
  openHelp: [
    '(aide|aide-moi|aidez-moi|au secours)',
    "(ouvre|ouvrir|ouvrez|affiche|afficher|affichez|montre|montrer|montre-moi|montrez-moi|voir|va à|aller à) [l'|la page d'|la page de l'|le centre d'] aide",
    "à l'aide",
    "[j'ai] besoin d'aide",
    "(qu'est-ce que|que) (je peux|puis-je|peut-on|on peut) (dire|faire)",
    '[affiche|montre|montre-moi] [les] commandes [vocales]',
  ],
  changeLanguage: [
    "(change|changer|changez|mets|mettre|mettez|passe|passer|passez|règle|régler|réglez|définis|définir) [la] langue (en|à|sur|vers|pour|au) [l'|le] {language}",
    "(passe|passer|passez|bascule|basculer|basculez|change|changer|changez|mets|mettre|mettez|traduis|traduire) [tout] (en|à|au|vers|sur) [l'|le] {language}",
    '(parle|parler|parlez|parle-moi|parlez-moi|utilise|utiliser) [en] {language}',
    '(en|langue) {language}',
    '{language}',
  ],
  signOut: [
    'déconnexion',
    '(se|me) déconnecter',
    '(déconnecte-moi|déconnectez-moi|déconnecte|déconnecter|déconnectez)',
    '(ferme|fermer|fermez|quitte|quitter|quittez|termine|terminer) [la|ma] session',
  ],
};
