// The workspace switcher's texts, loaded with it (it is no part of a visitor's first view).
export const en = {
  workspaceSwitcher: {
    button: 'Workspace: {{name}}',
    menu: 'Workspaces',
    personal: 'Personal',
    loading: 'Loading workspaces…',
    failed: 'Workspaces could not be loaded.',
    retry: 'Try again',
    members: 'Members and invitations',
    create: 'New workspace…',
    roles: {
      workspace_viewer: 'Can view',
      workspace_runner: 'Can run',
      workspace_editor: 'Can edit',
      workspace_admin: 'Admin',
      workspace_owner: 'Owner',
    },
    createDialog: {
      title: 'New workspace',
      description: 'A workspace is shared by its members: its workflows, credentials and runs. You pay for it with your plan and invite members next.',
      nameLabel: 'Name',
      nameRequired: 'Enter a name for the workspace.',
      nameTooLong: 'Use at most {{max}} characters.',
      descriptionLabel: 'Description (optional)',
      submit: 'Create workspace',
      creating: 'Creating…',
      cancel: 'Cancel',
      failed: 'The workspace could not be created. Please try again.',
      forbidden: 'Your account may not create workspaces.',
    },
  },
};

export type WorkspaceSwitcherCatalog = typeof en;
