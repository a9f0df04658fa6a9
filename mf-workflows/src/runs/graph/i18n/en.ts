// The run graph's, the JSON viewer's and the builder's last-run overlay texts
// (English source); merged into the shell's catalogs where they mount.
export const en = {
  workflows: {
    runGraph: {
      views: 'Ways to see the steps',
      graphTab: 'Graph',
      listTab: 'List',
      canvas: 'The run drawn on the workflow',
      loading: 'Drawing the run…',
      failed: 'The graph could not be drawn here. The List tab shows every step.',
      status: {
        succeeded: 'Succeeded',
        failed: 'Failed',
        running: 'Running',
        waiting: 'Waiting',
        skipped: 'Skipped',
        pinned: 'Pinned data',
        pending: 'Not started',
        canceled: 'Canceled',
      },
      tokens: '{{count}} tokens',
      branch: 'Branch taken: {{branch}}',
      selectHint: 'Select a step on the graph to see its input and output.',
      details: 'Step details',
      input: 'Input',
      output: 'Output',
      noData: 'Nothing yet.',
      error: 'Error',
      truncated: 'The output was shortened: the step produced {{bytes}} bytes.',
      pinnedNote: 'This step did not run: its pinned data was used.',
      legendTaken: 'Branch taken',
      legendNotTaken: 'Branch not taken',
      overlay: {
        show: 'Show last run',
        loading: 'Loading the last run…',
        none: 'This workflow has not run yet.',
        failed: 'The last run could not be loaded.',
        shown: 'Last run: {{status}}',
        open: 'Open the last run',
      },
    },
    json: {
      search: 'Search keys and values',
      noMatches: 'Nothing matches “{{query}}”.',
      copy: 'Copy',
      copyAll: 'Copy all',
      copied: 'Copied to the clipboard.',
      copyFailed: 'Copying is not allowed here. Select the text instead.',
      expandAll: 'Expand all',
      collapseAll: 'Collapse all',
      items: '{{count}} items',
      keys: '{{count}} keys',
      empty: 'empty',
    },
  },
};

export type RunGraphCatalog = typeof en;
