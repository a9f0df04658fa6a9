import type { LoopPagerCatalog } from './en';

export const de: LoopPagerCatalog = {
  workflows: {
    runGraph: {
      loop: {
        pager: 'Elemente von „{{name}}“',
        item: 'Element {{n}} von {{total}}',
        itemFirst: 'Element {{n}}',
        previous: 'Vorheriges Element',
        next: 'Nächstes Element',
        loading: 'Element wird geladen…',
        missing: 'Zu diesem Element gibt es noch keinen Eintrag.',
        failed: 'Das Element konnte nicht geladen werden.',
        steps: 'Schritte dieses Elements',
        handles: { body: 'Für jedes Element', done: 'Fertig' },
      },
    },
  },
};
