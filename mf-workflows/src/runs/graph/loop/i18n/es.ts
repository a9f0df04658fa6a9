import type { LoopPagerCatalog } from './en';

export const es: LoopPagerCatalog = {
  workflows: {
    runGraph: {
      loop: {
        pager: 'Elementos de «{{name}}»',
        item: 'Elemento {{n}} de {{total}}',
        itemFirst: 'Elemento {{n}}',
        previous: 'Elemento anterior',
        next: 'Elemento siguiente',
        loading: 'Cargando el elemento…',
        missing: 'Todavía no hay registro de este elemento.',
        failed: 'No se pudo cargar el elemento.',
        steps: 'Pasos de este elemento',
        handles: { body: 'Para cada elemento', done: 'Hecho' },
      },
    },
  },
};
