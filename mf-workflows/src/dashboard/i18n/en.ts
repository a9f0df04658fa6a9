// The dashboard's own texts (English source); merged into the shell's catalogs at mount.
export const en = {
  workflows: {
    dashboard: {
      title: 'Dashboard',
      intro: 'How the workflows of this workspace ran. Every figure opens the runs it counts.',
      period: 'Period',
      periodDays: 'Last {{count}} days',
      allExecutions: 'All executions',
      loading: 'Loading the dashboard…',
      loadFailed: 'Failed to load the dashboard.',
      forbidden: 'You may not see the runs of this workspace.',
      retry: 'Try again',
      figures: {
        runs: 'Runs',
        successRate: 'Success rate',
        failed: 'Failed runs',
        medianDuration: 'Median duration',
        medianSample: 'of the latest {{count}} finished runs',
        tokens: 'Tokens used',
        approvals: 'Approvals waiting',
        none: '—',
      },
      perDay: {
        title: 'Runs per day',
        table: 'Runs per day as a table',
        empty: 'No runs in this period.',
        day: 'Day',
        hint: 'Select a bar to open that day’s runs.',
        timeZone: 'Days are counted in the {{zone}} time zone.',
      },
      groups: {
        succeeded: 'Succeeded',
        failed: 'Failed',
        refused: 'Refused',
        other: 'Canceled or still going',
      },
      tokensByWorkflow: {
        title: 'Tokens by workflow',
        empty: 'No tokens used in this period.',
        runs: 'Runs: {{count}}',
        deleted: 'Deleted workflow',
        gone: 'No longer in this workspace',
        other: 'Other workflows',
      },
      tokensByModel: {
        title: 'Tokens by model',
        empty: 'No agent step used a model in the latest runs.',
        defaultModel: 'Default model',
        sample: 'From the agent steps of the latest {{count}} runs.',
      },
      failing: {
        title: 'Failing workflows',
        empty: 'No workflow failed in this period.',
        failures: 'Failed runs: {{count}}',
        lastError: 'Last error: {{error}}',
        noError: 'Last failure without a message',
        openLast: 'Open the last failed run',
      },
      plan: {
        title: 'Plan usage',
        usage: '{{used}} of {{allowance}} tokens used',
        plan: 'Plan: {{plan}}',
        resets: 'Renews on {{date}}',
        payer: 'The workspace owner’s plan pays for runs here.',
        details: 'Usage details',
        plans: {
          free: 'Free',
          basic: 'Basic',
          premium: 'Premium',
          enterprise: 'Enterprise',
          admin: 'Operator',
        },
      },
    },
  },
};

export type DashboardCatalog = typeof en;
