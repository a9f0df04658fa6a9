// The e-mail and role form's own texts (English source): the workspace invitation and the share dialog.
export const en = {
  emailRoleForm: {
    emailLabel: 'E-mail address',
    emailInvalid: 'Enter an e-mail address, like name@example.com.',
  },
};

export type EmailRoleFormCatalog = typeof en;
