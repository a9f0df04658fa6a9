import type { LoopPagerCatalog } from './en';

export const fr: LoopPagerCatalog = {
  workflows: {
    runGraph: {
      loop: {
        pager: 'Éléments de « {{name}} »',
        item: 'Élément {{n}} sur {{total}}',
        itemFirst: 'Élément {{n}}',
        previous: 'Élément précédent',
        next: 'Élément suivant',
        loading: 'Chargement de l’élément…',
        missing: 'Pas encore d’enregistrement pour cet élément.',
        failed: 'L’élément n’a pas pu être chargé.',
        steps: 'Étapes de cet élément',
        handles: { body: 'Pour chaque élément', done: 'Terminé' },
      },
    },
  },
};
