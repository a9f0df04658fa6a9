import type { CodeCatalog } from './en';

export const fr: CodeCatalog = {
  workflows: {
    code: {
      label: 'Script (JavaScript)',
      loading: 'Chargement de l’éditeur de code…',
      hintBody: 'Votre code est le corps d’une fonction asynchrone : vous pouvez utiliser await, et ce que vous renvoyez est la sortie de cette étape.',
      hintInput: '« input » (ou « $ ») contient l’entrée de l’étape : input.input est l’entrée de l’exécution.',
      hintUpstream: 'Sorties des étapes précédentes par clé : {{keys}}.',
      hintConsole: 'Les lignes de console.log sont conservées dans le journal de l’étape. Ni réseau, ni fichiers, ni minuteries : le code ne fait que calculer.',
      hintItem: 'Dans la boucle : input.item est l’élément en cours et input.index sa position (0 pour le premier).',
      syntaxError: 'Erreur de syntaxe à la ligne {{line}}, colonne {{column}}',
      syntaxErrorMore: 'Erreur de syntaxe à la ligne {{line}}, colonne {{column}} (et {{count}} de plus)',
      syntaxOk: 'Aucune erreur de syntaxe',
      logs: 'Lignes de console : {{count}}',
    },
  },
};
