import type { EmailRoleFormCatalog } from './en.js';

export const es: EmailRoleFormCatalog = {
  emailRoleForm: {
    emailLabel: 'Correo electrónico',
    emailInvalid: 'Introduce una dirección de correo, como nombre@example.com.',
  },
};
