import type { EmailRoleFormCatalog } from './en.js';

export const de: EmailRoleFormCatalog = {
  emailRoleForm: {
    emailLabel: 'E-Mail-Adresse',
    emailInvalid: 'Geben Sie eine E-Mail-Adresse ein, z. B. name@example.com.',
  },
};
