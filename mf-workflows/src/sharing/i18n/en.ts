// Workspaces in mf-workflows (issue 21): the catalogue of the current
// workspace, the share dialog (people with access, moving between
// workspaces) and the builder's workspace line. English source.
export const en = {
  workflows: {
    sharing: {
      personal: 'Personal',
      tabs: { shared: 'Shared with me', workspace: 'Workspace workflows' },
      workspaceNote: 'The workflows of {{name}}, shared by its members.',
      readOnlyNote: 'Your role in {{name}} lets you open and run its workflows; an editor or admin creates them.',
      menu: { share: 'Share…' },
      card: { sharedRole: 'Shared with you · {{role}}' },
      roles: { workspace_viewer: 'Can view', workspace_runner: 'Can run', workspace_editor: 'Can edit' },
      dialog: {
        title: 'Share “{{name}}”',
        inWorkspace: 'Workspace: {{name}}',
        peopleHeading: 'People with access',
        loading: 'Loading…',
        none: 'Not shared with anyone yet.',
        loadFailed: 'The people with access could not be loaded.',
        retry: 'Try again',
        roleLabel: 'Access',
        add: 'Share',
        adding: 'Sharing…',
        remove: 'Remove',
        removeLabel: 'Remove: {{name}}',
        roleOf: 'Access of {{name}}',
        added: 'Shared with {{email}}.',
        removed: 'Access removed.',
        moveHeading: 'Move to another workspace',
        moveHint: 'Its versions and runs move with it; who may open it then follows the workspace it is in.',
        moveLabel: 'Workspace',
        move: 'Move',
        moving: 'Moving…',
        moved: 'Moved to {{name}}.',
        close: 'Close',
        errors: {
          user_not_found: 'No account uses this e-mail address. Invite them to the workspace instead.',
          share_limit_reached: 'This workflow is shared with as many people as it can be.',
          share_with_owner: 'This person owns the workflow already.',
          workspace_forbidden: 'Your role here does not allow this.',
          workspace_not_found: 'That workspace was not found, or you are not in it.',
          same_workspace: 'The workflow is in that workspace already.',
          workflow_not_shareable: 'Templates cannot be shared or moved.',
          generic: 'That did not work. Please try again.',
        },
      },
      builder: {
        share: 'Share…',
        personalHint: 'Only you, and the people you share it with, can open it.',
        organizationHint: 'Its members open it as their role there allows.',
      },
    },
  },
};

export type SharingCatalog = typeof en;
