import type { EmailRoleFormCatalog } from './en.js';

export const fr: EmailRoleFormCatalog = {
  emailRoleForm: {
    emailLabel: 'Adresse e-mail',
    emailInvalid: 'Saisissez une adresse e-mail, par exemple nom@example.com.',
  },
};
