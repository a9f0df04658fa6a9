// The loop pager's texts (English source): a loop step's items on the run graph.
export const en = {
  workflows: {
    runGraph: {
      loop: {
        pager: 'Items of “{{name}}”',
        item: 'Item {{n}} of {{total}}',
        itemFirst: 'Item {{n}}',
        previous: 'Previous item',
        next: 'Next item',
        loading: 'Loading the item…',
        missing: 'No record of this item yet.',
        failed: 'The item could not be loaded.',
        steps: 'Steps of this item',
        handles: { body: 'For each item', done: 'Done' },
      },
    },
  },
};

export type LoopPagerCatalog = typeof en;
