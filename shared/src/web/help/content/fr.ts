import type { HelpCatalog } from '../topics.js';

export const fr: HelpCatalog = {
  topics: {
    home: {
      title: 'Bienvenue sur Agentflow',
      intro: 'Avec Agentflow, votre équipe crée des agents IA et des flux de travail multi-agents qui prennent en charge les tâches répétitives dans la vente, la logistique, les services terrain et l’immobilier.',
      tips: [
        'Utilisez le menu en haut de la page pour passer de l’Accueil aux Flux de travail, à la Facturation ou au Contrôle d’accès. Sur un téléphone, ouvrez-le avec le bouton de menu (☰).',
        'Choisissez « Se connecter » dans l’en-tête pour vous connecter avec votre adresse e-mail ou votre compte Google, ou choisissez « Essayer la démo » pour découvrir l’application sans compte.',
        'Changez de langue à tout moment avec le sélecteur de langue de l’en-tête. Une fois connecté, Agentflow retient votre choix sur tous vos appareils.',
        'Ouvrez l’Aide depuis n’importe quelle page : le panneau latéral donne des conseils pour la page où vous êtes, et vous pouvez passer à n’importe quel autre sujet.',
        'Si une page ne se charge pas, choisissez « Réessayer ». Si le problème persiste, vérifiez votre connexion et rechargez la page.',
      ],
    },
    workflows: {
      title: 'Flux de travail',
      intro: 'Un flux de travail est un ensemble d’agents IA qui collaborent sur une tâche, comme qualifier des prospects ou planifier des livraisons. Ici, vous les trouvez, les copiez, les créez et les exécutez.',
      tips: [
        'Cherchez par nom, ou filtrez par secteur (vente, logistique, services terrain ou immobilier) pour n’afficher que les flux de votre métier.',
        'Les modèles sectoriels sont des flux prêts à l’emploi. Ouvrez-en un pour voir le rôle de chaque agent avant de l’utiliser.',
        'Copiez un modèle pour obtenir votre propre version, que vous pouvez modifier librement ; le modèle d’origine reste inchangé.',
        'Créez ou modifiez un flux dans l’éditeur visuel : ajoutez des agents, reliez-les dans l’ordre où le travail doit s’enchaîner, puis enregistrez.',
        'Lancez un flux et suivez sa progression dans la liste des exécutions. Chaque exécution indique son statut, son résultat et le nombre de jetons consommés.',
        'Si une exécution échoue, ouvrez-la pour lire l’erreur, ajustez le flux et relancez-le. Si une exécution ne démarre pas, vos jetons du mois sont peut-être épuisés.',
      ],
    },
    billing: {
      title: 'Facturation et jetons',
      intro: 'Votre forfait détermine combien de jetons vos flux de travail peuvent consommer chaque mois. Ici, vous comparez les forfaits, passez à un forfait supérieur et gérez vos moyens de paiement et vos factures.',
      tips: [
        'Chaque forfait comprend un quota mensuel de jetons. La page Facturation indique combien de jetons vous avez consommés ce mois-ci et combien il vous en reste.',
        'Pour passer à un forfait supérieur, choisissez-le : vous payez sur la page de paiement sécurisée de Stripe, et le nouveau quota s’applique dès que le paiement est validé.',
        'Ouvrez le portail de facturation pour ajouter ou modifier un moyen de paiement et télécharger vos anciennes factures.',
        'Lorsque vos jetons sont épuisés, aucune nouvelle exécution ne peut démarrer jusqu’au renouvellement du quota, au début de la période de facturation suivante, ou jusqu’à ce que vous changiez de forfait.',
        'Si vous résiliez, votre forfait reste actif jusqu’à la fin de la période déjà payée ; vous n’êtes plus débité ensuite.',
        'Si un paiement échoue, mettez à jour votre moyen de paiement dans le portail de facturation ; votre forfait continue dès que le paiement aboutit.',
      ],
    },
    access: {
      title: 'Contrôle d’accès',
      intro: 'Le contrôle d’accès détermine qui peut voir et modifier quoi. Chaque personne reçoit des rôles, chaque rôle accorde un ensemble d’autorisations, et les organisations regroupent les personnes qui travaillent ensemble.',
      tips: [
        'Chaque rôle accorde un ensemble d’autorisations, par exemple consulter ou exécuter des flux de travail, ou gérer les accès. Ouvrez un rôle pour voir précisément ce qu’il autorise.',
        'Une organisation regroupe les personnes d’une même entreprise ou d’une même équipe, qui peuvent ainsi partager des flux de travail et être gérées ensemble.',
        'Pour donner un accès à quelqu’un, attribuez-lui un rôle, au sein d’une organisation si nécessaire. Pour le lui retirer, supprimez le rôle : le changement s’applique immédiatement.',
        'Seuls les administrateurs peuvent attribuer ou retirer des rôles et modifier les organisations. S’il vous faut davantage d’accès, adressez-vous à un administrateur.',
        'Chaque modification des accès est consignée dans le journal d’audit, avec son auteur et sa date. Ce journal ne peut pas être modifié.',
      ],
    },
    install: {
      title: 'Installer l’application',
      intro: 'Installez Agentflow sur votre téléphone, votre tablette ou votre ordinateur pour l’ouvrir comme n’importe quelle application, avec sa propre icône et sa propre fenêtre.',
      tips: [
        'Sur iPhone ou iPad, ouvrez Agentflow dans Safari, touchez Partager, choisissez « Sur l’écran d’accueil », puis touchez Ajouter.',
        'Sur Android, ouvrez Agentflow dans Chrome, ouvrez le menu (⋮) et choisissez « Installer l’application ».',
        'Sur un ordinateur, ouvrez Agentflow dans Chrome ou Edge et cliquez sur l’icône d’installation, au bout de la barre d’adresse.',
        'Après une première ouverture en ligne, Agentflow s’ouvre aussi sans connexion. L’exécution des flux de travail et les paiements nécessitent toujours Internet.',
        'Quand une nouvelle version est prête, un message vous invite à recharger la page. Rechargez-la pour en profiter.',
      ],
    },
    account: {
      title: 'Votre compte',
      intro: 'Votre compte conserve votre profil et vos préférences, comme la langue, et vous suit sur chaque appareil où vous vous connectez.',
      tips: [
        'Connectez-vous avec votre adresse e-mail et votre mot de passe, ou avec « Continuer avec Google ». Nouveau sur Agentflow ? Choisissez « Créer un compte » sur la page de connexion.',
        '« Essayer la démo » vous connecte à un compte de démonstration partagé, pour découvrir l’application. Ce compte n’a pas de profil : il n’y a donc rien à modifier.',
        'Mot de passe oublié ? Choisissez « Mot de passe oublié ? » sur la page de connexion, saisissez votre adresse e-mail et suivez le lien que nous vous envoyons.',
        'Cliquez sur votre nom dans l’en-tête et choisissez Profil pour modifier votre nom d’affichage, votre numéro de téléphone et votre langue, puis enregistrez.',
        'Pour vous déconnecter, cliquez sur votre nom dans l’en-tête et choisissez « Se déconnecter ». Faites-le toujours sur un ordinateur partagé.',
      ],
    },
    voice: {
      title: 'Commandes vocales',
      intro: 'Pilotez Agentflow à la voix : ouvrez des pages, cherchez et lancez des flux de travail ou changez de langue, dans chacune des cinq langues.',
      tips: [
        'Cliquez ou touchez le bouton micro dans l’en-tête, puis autorisez l’accès au micro la première fois que votre navigateur le demande.',
        'Prononcez une seule commande, puis laissez Agentflow agir. Pour arrêter l’écoute, appuyez de nouveau sur le bouton.',
        'Essayez « ouvrir les flux de travail », « chercher des flux de travail sur les factures », « lancer le flux Relances de factures » ou « ouvrir l’aide ».',
        'Dites « changer la langue en anglais » pour changer de langue, ou « se déconnecter » pour fermer votre session.',
        'Si aucune commande ne correspond, Agentflow affiche ce qu’il a entendu et vous suggère des commandes. Parlez distinctement, près du micro.',
        'Si le micro est bloqué, autorisez-le dans les paramètres du site de votre navigateur, puis réessayez.',
      ],
    },
  },
  voiceUnsupported: 'Ce navigateur ne propose pas la reconnaissance vocale : le bouton micro est donc masqué. Utilisez Chrome, Edge ou Safari pour donner des commandes à la voix.',
};
