import type { LoopPagerCatalog } from './en';

export const it: LoopPagerCatalog = {
  workflows: {
    runGraph: {
      loop: {
        pager: 'Elementi di «{{name}}»',
        item: 'Elemento {{n}} di {{total}}',
        itemFirst: 'Elemento {{n}}',
        previous: 'Elemento precedente',
        next: 'Elemento successivo',
        loading: 'Caricamento dell’elemento…',
        missing: 'Nessuna registrazione di questo elemento per ora.',
        failed: 'Impossibile caricare l’elemento.',
        steps: 'Passaggi di questo elemento',
        handles: { body: 'Per ogni elemento', done: 'Fatto' },
      },
    },
  },
};
