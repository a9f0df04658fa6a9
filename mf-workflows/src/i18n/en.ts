// The catalogue's own texts, merged into the shared i18n instance when
// mf-workflows mounts (useRemoteCatalogs): they ship with the remote, not with
// the shell's first view. The page title and subtitle stay in the shared
// catalog (workflows.title, workflows.subtitle): the shell's navigation uses them.
export const en = {
  workflows: {
    catalogue: {
      credentialsLink: 'Credentials',
      resourcesLabel: 'Credentials, knowledge and chat apps',
      knowledgeLink: 'Knowledge',
      chatAppsLink: 'Chat apps',
      mcpServersLink: 'MCP servers',
      apiKeysLink: 'API keys',
      filtersLabel: 'Filter workflows',
      searchLabel: 'Search workflows',
      searchPlaceholder: 'Name, description or tag',
      categoryLabel: 'Category',
      industryLabel: 'Industry',
      allCategories: 'All categories',
      allIndustries: 'All industries',
      categories: {
        automation: 'Automation',
        integration: 'Integration',
        analytics: 'Analytics',
        ai: 'AI',
        communication: 'Communication',
        productivity: 'Productivity',
      },
      industries: {
        sales: 'Sales',
        logistics: 'Logistics',
        'field-services': 'Field services',
        'real-estate': 'Real estate',
        general: 'General',
      },
      tabs: {
        label: 'Workflow collections',
        mine: 'My workflows',
        organization: 'My organization',
        templates: 'Templates',
      },
      loading: 'Loading workflows…',
      shown: 'Workflows shown: {{count}}',
      empty: 'No workflows found',
      emptyHint: 'Try another search or filter, or start from a template.',
      clearFilters: 'Clear filters',
      error: 'Failed to load workflows',
      retry: 'Try again',
      offline: "You're offline — showing workflows saved on this device",
      card: {
        category: 'Category: {{name}}',
        industry: 'Industry: {{name}}',
        tags: 'Tags',
        steps: 'Steps: {{count}}',
        useTemplate: 'Use template',
        copying: 'Copying…',
        open: 'Open',
        openLabel: 'Open {{name}}',
        useTemplateLabel: 'Use template: {{name}}',
        shared: 'Shared in this workspace',
      },
      useFailedTitle: 'The template could not be copied',
      useFailedBody: 'Check your connection and try again.',
      run: {
        title: 'Run “{{name}}”',
        found: 'Found in your workflows. Fill in its input and start it, or open it to check it first.',
        start: 'Run {{name}}',
        open: 'Open {{name}}',
        notFound: 'None of your workflows is named “{{name}}”. Search below or start from a template.',
        signIn: 'Sign in to run your workflows.',
        dismiss: 'Dismiss',
      },
    },
  },
};

export type WorkflowsCatalog = typeof en;
