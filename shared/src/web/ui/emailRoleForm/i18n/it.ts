import type { EmailRoleFormCatalog } from './en.js';

export const it: EmailRoleFormCatalog = {
  emailRoleForm: {
    emailLabel: 'Indirizzo e-mail',
    emailInvalid: 'Inserisci un indirizzo e-mail, ad esempio nome@example.com.',
  },
};
